/**
 * The popup shows its Secret field before the saved settings are read: what is typed meanwhile stays, and a
 * create waits for the settings (their server, their policy), once.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/entrypoints/popup/App';
import type { SendOptions, SentPush } from '@/entrypoints/popup/connect';
import type { FormState } from '@/lib/push/form';
import { speak } from '../../i18n/speak';

const sendForm = vi.fn<(state: FormState, options: SendOptions) => Promise<SentPush>>();
vi.mock('@/entrypoints/popup/connect', () => ({
  sendForm: (state: FormState, options: SendOptions) => sendForm(state, options),
  detectEdition: async () => 'pro',
}));

/** Holds storage.local's reads until `release()`, as a slow disk would. */
function holdSettings() {
  const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(((keys: never) =>
    gate.then(() => get(keys))) as never);
  return release;
}

beforeEach(async () => {
  fakeBrowser.reset();
  // As after the background's first start (test/setup.ts): the policy copy the popup waits for is there.
  await fakeBrowser.storage.local.set({ policy: { policy: {}, notes: [] } });
  speak('en');
  sendForm.mockReset();
  sendForm.mockImplementation(() => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the popup before its settings are read', () => {
  it('shows the Secret field at once, focused, and keeps what is typed when the settings arrive', async () => {
    const release = holdSettings();
    render(<App />);
    const secret = screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(secret);
    fireEvent.input(secret, { target: { value: 'typed early' } });
    release();
    // Shown once the settings name a server (on a loaded machine, seconds after the release).
    await screen.findByRole('heading', { name: 'Recent pushes' }, { timeout: 5000 });
    expect((screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement).value).toBe(
      'typed early',
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Secret' }));
  });

  it('sends a create made before the settings only once they are read, and only once', async () => {
    const release = holdSettings();
    render(<App />);
    fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 's3cret' } });
    const create = screen.getByRole('button', { name: 'Create push' });
    fireEvent.click(create);
    fireEvent.click(create);
    // fireEvent runs in act(): the clicks' renders and effects are done, and the create waits for the settings.
    expect(sendForm).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    expect(sendForm.mock.calls[0]![0]).toMatchObject({ payload: 's3cret', kind: 'text' });
    // Sent once: the form is busy on that one send (it never answers here), and the settings are all shown.
    await waitFor(() => expect(create.closest('form')!.getAttribute('aria-busy')).toBe('true'));
    await screen.findByRole('heading', { name: 'Recent pushes' });
    expect(sendForm).toHaveBeenCalledTimes(1);
  });

  it('moves off Text when the policy does not allow it, and never offers it again', async () => {
    await fakeBrowser.storage.local.set({ policy: { policy: { allowedKinds: ['url'] }, notes: [] } });
    const release = holdSettings();
    render(<App />);
    fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 'typed' } });
    release();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull());
    expect(screen.queryByRole('tab', { name: 'Text' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    // The URL field is empty: validation, not the typed text, answers, and nothing is sent.
    await screen.findByText('Enter the URL.');
    expect(sendForm).not.toHaveBeenCalled();
  });
});
