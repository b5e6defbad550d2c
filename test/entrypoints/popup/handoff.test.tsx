/**
 * The popup's hand-off (issue 37): a created push's result is kept in storage.session (never elsewhere), shown
 * again by the next popup within 10 minutes until New push or Done, with the generated secret for its creator,
 * and every copy says what it took off the clipboard.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handoffOf, handoffStore, HANDOFF_TTL_MS, type Handoff } from '@/lib/handoff';
import type { FormState } from '@/lib/push/form';
import { App } from '@/entrypoints/popup/App';
import type { SendOptions, SentPush } from '@/entrypoints/popup/connect';
import { savedServer } from '../../saved-server';
import { useLiveRegion } from '../../sp-live';

const sendForm = vi.fn<(state: FormState, options: SendOptions) => Promise<SentPush>>();
vi.mock('@/entrypoints/popup/connect', () => ({
  sendForm: (state: FormState, options: SendOptions) => sendForm(state, options),
  detectEdition: async () => 'pro',
  prepareSend: async () => {},
}));
// No background here to schedule the clearing: the copy itself is the real one.
vi.mock('@/lib/clipboard', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/clipboard')>();
  return { ...real, copyText: (text: string) => real.copyText(text, async () => {}) };
});

const SERVER = 'https://pp.example';
const LINK = `${SERVER}/p/tok123/r`;
function created(): SentPush {
  return {
    push: {
      url_token: 'tok123',
      html_url: LINK,
      expire_after_views: 1,
      views_remaining: 1,
      retrieval_step: false,
      expires_at: new Date(Date.now() + 3 * 86400_000).toISOString(),
    } as SentPush['push'],
    link: { ok: true, url: LINK },
    server: SERVER,
  };
}

/** A result kept by an earlier popup `ago` ms ago, on `server`. */
function keptEarlier(ago: number, server = SERVER): Handoff {
  return handoffOf(created() as Parameters<typeof handoffOf>[0], {
    server,
    demo: false,
    link: LINK,
    passphrase: 'kept-pass-91',
    secret: null,
    savedAt: Date.now() - ago,
  });
}

/** The popup as it opens, on the saved server SERVER (copy on create is on by default). */
const renderForm = () => render(<App />);

const secret = () => screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement;
const session = async () => JSON.stringify(await fakeBrowser.storage.session.get(null));
const live = useLiveRegion();
/**
 * What the result's status line shows, once the page's live region says the same (each result is said once
 * through #sp-live, not by a status region created with its text); else both, to show the difference.
 */
const status = () => {
  const shown = document.querySelector('.sp-status')?.textContent;
  const said = live().textContent;
  return shown === said ? said : `shown ${JSON.stringify(shown)}, said ${JSON.stringify(said)}`;
};

let writeText: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  sendForm.mockReset();
  writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  await fakeBrowser.storage.local.set(savedServer(SERVER, 'token-1'));
});
afterEach(cleanup);

async function createWith(passphrase: string, server = SERVER) {
  sendForm.mockResolvedValueOnce({ ...created(), server });
  renderForm();
  await screen.findByRole('button', { name: 'Create push' });
  await waitFor(() => expect(screen.queryByText('Getting ready…')).toBeNull());
  fireEvent.input(secret(), { target: { value: 'the payload 5531' } });
  fireEvent.input(screen.getByRole('textbox', { name: 'Passphrase' }), { target: { value: passphrase } });
  fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
  await screen.findByRole('textbox', { name: 'Secret link' });
}

describe('the hand-off in the popup', () => {
  it('keeps a new result in storage.session only: the link and passphrase, never the payload', async () => {
    await createWith('pass-7c1d');
    await waitFor(async () => expect(await session()).toContain('pass-7c1d'));
    expect(await session()).toContain(LINK);
    expect(await session()).not.toContain('the payload 5531');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('pass-7c1d');
    expect(JSON.stringify(await indexedDB.databases())).not.toContain('pass-7c1d');
  });

  it('keeps a result under the server the push went to (one picked in the popup), not the default one', async () => {
    // Two saved servers, SERVER the default: the push goes to the other (as the popup's server picker sends).
    const one = savedServer(SERVER, 'token-1') as { server: { servers: unknown[] }; serverTokens: object };
    const two = savedServer('https://two.example', 'token-2') as typeof one;
    await fakeBrowser.storage.local.set({
      ...one,
      server: { ...one.server, servers: [...one.server.servers, ...two.server.servers] },
      serverTokens: { ...one.serverTokens, ...two.serverTokens },
    });
    await createWith('pass-two-1', 'https://two.example');
    await waitFor(async () => expect(await session()).toContain('pass-two-1'));
    const { popupHandoff } = (await fakeBrowser.storage.session.get('popupHandoff')) as {
      popupHandoff: { server: string };
    };
    expect(popupHandoff.server).toBe('https://two.example');
  });

  it('says the passphrase replaced the link on the clipboard, and the link the passphrase', async () => {
    await createWith('pass-7c1d');
    await waitFor(() => expect(status()).toBe('Push created, link copied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy passphrase' }));
    await waitFor(() => expect(status()).toBe('Passphrase copied. The link is no longer on the clipboard.'));
    expect(writeText).toHaveBeenLastCalledWith('pass-7c1d');
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    await waitFor(() =>
      expect(status()).toBe('Message copied. The passphrase is no longer on the clipboard.'),
    );
    // The message carries the link: copying the link over it takes nothing to paste away.
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(status()).toBe('Link copied'));
  });

  it('shows a result kept 9 minutes ago in a reopened popup, with its passphrase and until when it is kept', async () => {
    await handoffStore().keep(keptEarlier(9 * 60_000));
    renderForm();
    expect((await screen.findByRole('textbox', { name: 'Secret link' })).textContent).toBe(LINK);
    await waitFor(() =>
      expect(status()).toMatch(/^Your last push, kept in memory until .+\. Done erases it now\.$/),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    expect(screen.getByText('kept-pass-91')).toBeTruthy();
    // Reopened, nothing is copied unasked; the passphrase's copy still knows the link went first.
    expect(writeText).not.toHaveBeenCalled();
  });

  it('remembers across popups what was copied last', async () => {
    await createWith('pass-7c1d');
    await waitFor(() => expect(status()).toBe('Push created, link copied'));
    await waitFor(async () => expect(await session()).toContain('"copied":"link"'));
    cleanup();
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy passphrase' }));
    await waitFor(() => expect(status()).toBe('Passphrase copied. The link is no longer on the clipboard.'));
  });

  it('shows the form instead of a result kept 10 minutes ago, and erases it', async () => {
    await handoffStore().keep(keptEarlier(HANDOFF_TTL_MS));
    renderForm();
    await waitFor(async () => expect(await session()).toBe('{}'));
    await waitFor(() => expect(screen.queryByText('Getting ready…')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Secret link' })).toBeNull();
    expect(secret()).toBeTruthy();
  });

  it('shows no result of a server that is no longer saved', async () => {
    await handoffStore().keep(keptEarlier(60_000, 'https://gone.example'));
    renderForm();
    await waitFor(async () => expect(await session()).toBe('{}'));
    await waitFor(() => expect(screen.queryByText('Getting ready…')).toBeNull());
    expect(screen.queryByRole('textbox', { name: 'Secret link' })).toBeNull();
    expect(secret()).toBeTruthy();
  });

  it('New push erases the kept result and gives the focus to an empty Secret', async () => {
    await handoffStore().keep(keptEarlier(60_000));
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'New push' }));
    await waitFor(() => expect(document.activeElement).toBe(secret()));
    await waitFor(async () => expect(await session()).toBe('{}'));
  });

  it('Done erases the kept result and closes the popup, only once it is erased', async () => {
    // Closed at once, a page's pending erase dies with it (Firefox): the next popup showed the result again.
    let erasedWhenClosed: string | undefined;
    const close = vi.spyOn(window, 'close').mockImplementation(() => {
      void session().then((stored) => (erasedWhenClosed = stored));
    });
    await handoffStore().keep(keptEarlier(60_000));
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(erasedWhenClosed).toBe('{}'));
  });

  it('keeps the secret the wand made, for its creator to copy, and not a typed one', async () => {
    sendForm.mockResolvedValue(created());
    renderForm();
    await waitFor(() => expect(screen.queryByText('Getting ready…')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Generate a secret' }));
    await waitFor(() => expect(secret().value).not.toBe(''));
    const generated = secret().value;
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(screen.getByText('Generated secret')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(generated));
    await waitFor(async () => expect(await session()).toContain(generated));

    fireEvent.click(screen.getByRole('button', { name: 'New push' }));
    await waitFor(() => expect(secret().value).toBe(''));
    fireEvent.input(secret(), { target: { value: 'typed by hand 0042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(screen.queryByText('Generated secret')).toBeNull();
    await waitFor(async () => expect(await session()).toContain(LINK));
    expect(await session()).not.toContain('typed by hand');
  });
});

describe('Esc closes the innermost thing', () => {
  it("in the generator's panel, closes the panel only: the secret stays, focus on the options button", async () => {
    renderForm();
    await waitFor(() => expect(screen.queryByText('Getting ready…')).toBeNull());
    fireEvent.input(secret(), { target: { value: 'keep this 88' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generator options' }));
    const length = await screen.findByLabelText('Length');
    fireEvent.keyDown(length, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText('Length')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Generator options' }));
    expect(secret().value).toBe('keep this 88');
    expect(screen.queryByText('Press Esc again to clear the form.')).toBeNull();
  });
});

describe('a kept result arriving after something was typed', () => {
  it('leaves the form as typed, and does not come back once the field is cleared', async () => {
    const { CreatePush } = await import('@/entrypoints/popup/CreatePush');
    const { initForm } = await import('@/lib/push/form');
    const { DEFAULT_PUSH_DEFAULTS } = await import('@/lib/settings');
    const { useState } = await import('preact/hooks');
    const initial = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });
    let arrive!: (kept: Handoff) => void;
    // As App.tsx holds it: the kept result arrives later, and goes when the form says so.
    function Page() {
      const [kept, setKept] = useState<Handoff>();
      arrive = setKept;
      return <CreatePush initial={initial} kept={kept} onKeptGone={() => setKept(undefined)} />;
    }
    render(<Page />);
    fireEvent.input(secret(), { target: { value: 'typed first' } });
    act(() => arrive(keptEarlier(60_000)));
    fireEvent.input(secret(), { target: { value: '' } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByRole('textbox', { name: 'Secret link' })).toBeNull();
    expect(secret()).toBeTruthy();
  });
});
