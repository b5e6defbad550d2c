import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient, type ApiClient, type CreatePushInput } from '@/lib/api';
import { registerDemoService } from '@/lib/demo/background';
import { demoToken, setLocalDemoTokenSource } from '@/lib/demo/token';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin, setLocalDemoRoute } from '@/lib/demo/transport';
import { App } from '@/entrypoints/viewer/App';
import { chromeLikeMessaging, pageSender } from '../../lib/demo/messaging';
import { useLiveRegion } from '../../sp-live';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);
const live = useLiveRegion();

let owner: ApiClient;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  // The demo host in the background page (Firefox's way); this test plays the viewer page over messaging.
  delete (fakeBrowser as { offscreen?: unknown }).offscreen;
  chromeLikeMessaging(() => pageSender('/viewer.html'));
  registerDemoService();
  setLocalDemoRoute(undefined);
  setLocalDemoTokenSource(undefined);
  owner = createApiClient({
    baseUrl: DEMO_BASE_URL,
    fetch: demoFetch,
    pageOrigin: demoPageOrigin(),
    token: await demoToken(),
  });
});

async function openViewer(input: CreatePushInput): Promise<string> {
  const { push } = await owner.createPush({ retrieval_step: false, ...input });
  location.hash = `#/p/${push.url_token}`;
  render(<App />);
  return push.url_token;
}

const count = async (urlToken: string, kind: string) =>
  (await owner.auditAll(urlToken)).filter((entry) => entry.kind === kind).length;
const views = (urlToken: string) => count(urlToken, 'view');

describe('viewer page (demo mode)', () => {
  it('draws a qr push as a QR code at once, without an offer to click', async () => {
    await openViewer({ kind: 'qr', payload: 'WIFI:S:demo;;' });
    const image = await screen.findByRole('img', { name: 'QR code of the secret' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.queryByRole('button', { name: 'Show as QR code' })).toBeNull();
  });

  it('shows a url push as a link', async () => {
    await openViewer({ kind: 'url', payload: 'https://example.com/a?b=1' });
    const link = await screen.findByRole('link', { name: 'https://example.com/a?b=1' });
    expect(link.getAttribute('href')).toBe('https://example.com/a?b=1');
  });

  it('keeps a text push as text, with no QR offer and no link', async () => {
    await openViewer({ kind: 'text', payload: 'https://looks.like/a-link' });
    expect((await screen.findByLabelText('Secret payload')).textContent).toBe('https://looks.like/a-link');
    expect(screen.queryByRole('button', { name: 'Show as QR code' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'https://looks.like/a-link' })).toBeNull();
  });

  it('asks an authenticated_recipients push’s address and reveals only to a listed one', async () => {
    const urlToken = await openViewer({
      payload: 'for carol only',
      authenticated_recipients: true,
      notify_emails_to: 'carol@example.com',
    });
    const email = await screen.findByLabelText('Your e-mail address');
    expect(screen.getByText(/sends no code by e-mail/)).toBeTruthy();

    fireEvent.input(email, { target: { value: 'mallory@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not one this secret was shared with/);
    expect(screen.queryByText('for carol only')).toBeNull();
    expect(await views(urlToken)).toBe(0);

    fireEvent.input(email, { target: { value: 'carol@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secret' }));
    expect((await screen.findByLabelText('Secret payload')).textContent).toBe('for carol only');
    expect(await views(urlToken)).toBe(1);
  });

  it('asks for a passphrase first, logging nothing until a wrong one is submitted', async () => {
    const urlToken = await openViewer({ payload: 'behind a passphrase', passphrase: 'open sesame' });
    const field = await screen.findByLabelText('Passphrase');
    // The page learned that a passphrase is needed without a failed attempt, as the Node host's page does.
    expect(await count(urlToken, 'failed_passphrase')).toBe(0);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.input(field, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/passphrase/);
    expect(await count(urlToken, 'failed_passphrase')).toBe(1);
    expect(await views(urlToken)).toBe(0);

    fireEvent.input(screen.getByLabelText('Passphrase'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByLabelText('Secret payload')).textContent).toBe('behind a passphrase');
    expect(await count(urlToken, 'failed_passphrase')).toBe(1);
    expect(await views(urlToken)).toBe(1);
  });

  it('shows the passphrase prompt after the reveal step without a failed attempt', async () => {
    const { push } = await owner.createPush({ payload: 'stepped', passphrase: 'pw', retrieval_step: true });
    location.hash = `#/p/${push.url_token}/r`;
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal secret' }));
    await screen.findByLabelText('Passphrase');
    expect(await count(push.url_token, 'failed_passphrase')).toBe(0);
    expect(await views(push.url_token)).toBe(0);
  });

  it('says why a file link could not be downloaded', async () => {
    location.hash = '#/downloads/missing/report.pdf';
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download file' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file could not be downloaded: it may have expired.',
    );
  });

  it('has a copied secret cleared later, handing the background its hash only', async () => {
    const sent = vi.mocked(fakeBrowser.runtime.sendMessage);
    await openViewer({ payload: 'copy and forget' });
    await screen.findByLabelText('Secret payload');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(await navigator.clipboard.readText()).toBe('copy and forget');
    await vi.waitFor(() =>
      expect(sent).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'clipboard-copied',
          data: { hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
        }),
      ),
    );
    const copied = sent.mock.calls.filter(
      ([message]) => (message as unknown as { type: string }).type === 'clipboard-copied',
    );
    expect(JSON.stringify(copied)).not.toContain('copy and forget');
  });

  it('says a file link with a malformed escape is broken instead of crashing the page', async () => {
    location.hash = '#/x/%E0%A4%A';
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is damaged or is not a secret link: ask the sender to copy it again, whole.',
    );
    expect(screen.getByRole('heading', { name: 'Secret Push' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download file' })).toBeNull();
  });

  it('refuses a walked-around API path without retrieving the push', async () => {
    const { push } = await owner.createPush({ payload: 'behind the step', retrieval_step: true });
    location.hash = `#/./api/v2/pushes/${push.url_token}`;
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/damaged or is not a secret link/);
    expect(screen.queryByRole('button', { name: 'Download file' })).toBeNull();
    expect(screen.queryByText('behind the step')).toBeNull();
    expect(await views(push.url_token)).toBe(0);
  });

  it('says why a file of a revealed push could not be downloaded', async () => {
    const data = new Blob(['file body'], { type: 'text/plain' });
    const urlToken = await openViewer({
      kind: 'file',
      files: [{ name: 'notes.txt', type: 'text/plain', data }],
    });
    const download = await screen.findByRole('button', { name: 'Download notes.txt' });
    await owner.deletePush(urlToken);
    fireEvent.click(download);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file could not be downloaded: it may have expired.',
    );
  });

  it('says a retrieval-step push has expired before any Reveal, counting nothing', async () => {
    const { push } = await owner.createPush({
      payload: 'used up',
      expire_after_views: 1,
      retrieval_step: true,
    });
    await createApiClient({
      baseUrl: DEMO_BASE_URL,
      fetch: demoFetch,
      pageOrigin: demoPageOrigin(),
      token: null,
    }).retrievePush(push.url_token);
    const before = await owner.auditAll(push.url_token);
    location.hash = `#/p/${push.url_token}/r`;
    render(<App />);
    await screen.findByRole('heading', { name: 'This secret has expired or does not exist' });
    expect(screen.queryByRole('button', { name: 'Reveal secret' })).toBeNull();
    expect(await owner.auditAll(push.url_token)).toEqual(before);
  });

  it('says before the reveal what it uses and when the secret expires', async () => {
    const { push } = await owner.createPush({
      payload: 'later',
      expire_after_views: 3,
      retrieval_step: true,
    });
    location.hash = `#/p/${push.url_token}/r`;
    render(<App />);
    await screen.findByRole('button', { name: 'Reveal secret' });
    expect(screen.getByText(/Revealing it uses one of its 3 remaining views\./)).toBeTruthy();
    const when = document.querySelector('time');
    expect(when?.textContent).toBe('in 7 days');
    expect(when?.getAttribute('datetime')).toBe(push.expires_at);
    expect(await views(push.url_token)).toBe(0);
  });

  it('says after the reveal how many views remain and when it expires, and the last view as such', async () => {
    await openViewer({ payload: 'twice', expire_after_views: 2 });
    await screen.findByLabelText('Secret payload');
    expect(screen.getByText('This secret can be viewed 1 more time.')).toBeTruthy();
    expect(screen.getByText(/It expires/).textContent).toBe('It expires in 7 days at the latest.');
    cleanup();

    await openViewer({ payload: 'once', expire_after_views: 1, deletable_by_viewer: true });
    await screen.findByLabelText('Secret payload');
    expect(screen.getByText(/^That was the last view: this secret has now expired\./)).toBeTruthy();
    expect(screen.queryByText(/0 more/)).toBeNull();
    expect(screen.queryByText(/It expires/)).toBeNull();
    // Nothing is left to delete once the last view is used.
    expect(screen.queryByRole('button', { name: 'Delete this secret' })).toBeNull();
  });

  it('moves focus to the revealed secret once Reveal is gone, never leaving it on the page body, and says it is shown (not what it is)', async () => {
    const { push } = await owner.createPush({
      payload: 'behind a step',
      retrieval_step: true,
      expire_after_views: 3,
    });
    location.hash = `#/p/${push.url_token}/r`;
    render(<App />);
    const reveal = await screen.findByRole('button', { name: 'Reveal secret' });
    reveal.focus();
    fireEvent.click(reveal);
    const shown = await screen.findByLabelText('Secret payload');
    await vi.waitFor(() => expect(document.activeElement).toBe(shown.closest('.card')));
    expect(document.activeElement).not.toBe(document.body);
    await vi.waitFor(() =>
      expect(live().textContent).toBe('Secret revealed. This secret can be viewed 2 more times.'),
    );
  });

  it('leaves focus alone when it is somewhere on the page as the secret appears', async () => {
    const outside = document.body.appendChild(document.createElement('button'));
    outside.focus();
    await openViewer({ payload: 'shown at once', expire_after_views: 2 });
    await screen.findByLabelText('Secret payload');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });

  it('says exactly that a passphrase is wrong', async () => {
    await openViewer({ payload: 'locked', passphrase: 'right' });
    fireEvent.input(await screen.findByLabelText('Passphrase'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That passphrase is wrong. Nothing was revealed and no view was counted.',
    );
  });

  it('makes Copy the first, primary action, and turns Copied back into Copy', async () => {
    await openViewer({ payload: 'copy me' });
    await screen.findByLabelText('Secret payload');
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]!.textContent).toBe('Copy');
    expect(buttons[0]!.classList.contains('primary')).toBe(true);
    fireEvent.click(buttons[0]!);
    await screen.findByRole('button', { name: 'Copied' });
    await screen.findByRole('button', { name: 'Copy' }, { timeout: 3000 });
  });

  it('asks before deleting, saying it cannot be undone, and deletes only when confirmed', async () => {
    const urlToken = await openViewer({ payload: 'delete me', deletable_by_viewer: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete this secret' }));
    const question = screen.getByRole('group', { name: /Delete this secret for everyone\?/ });
    expect(question.textContent).toMatch(/can't be undone/);
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await count(urlToken, 'expire')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete this secret' }));
    const yes = screen.getByRole('button', { name: 'Yes, delete it' });
    yes.focus();
    fireEvent.click(yes);
    const heading = await screen.findByRole('heading', { name: 'This secret has been deleted' });
    expect(await count(urlToken, 'expire')).toBe(1);
    // The button that asked is gone: focus lands on what the Delete produced, and the live region says it.
    await vi.waitFor(() => expect(document.activeElement).toBe(heading.closest('section')));
    await vi.waitFor(() => expect(live().textContent).toBe('This secret has been deleted'));
  });
});
