import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clipboardHash } from '@/lib/clipboard/hash';
import { AppError } from '@/lib/errors';
import { initForm, type FormState } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import type { PopupContext } from '@/entrypoints/popup/context';
import type { SendOptions, SentPush } from '@/entrypoints/popup/connect';
import { CreatePush } from '@/entrypoints/popup/CreatePush';
import { useLiveRegion } from '../../sp-live';

// The API side is replaced by a scripted sendForm: the container's job is when and how often it is called.
const sendForm = vi.fn<(state: FormState, options: SendOptions) => Promise<SentPush>>();
const prepareSend = vi.fn(async (_server: string | undefined, _files: boolean) => {});
vi.mock('@/entrypoints/popup/connect', () => ({
  sendForm: (state: FormState, options: SendOptions) => sendForm(state, options),
  detectEdition: async () => 'pro',
  prepareSend: (server: string | undefined, files: boolean) => prepareSend(server, files),
}));

// The background's clipboard clearing is another test's business; the copy here is asked to be cleared.
/** The clearing asked of the background, by the copied text's hash (lib/clipboard copyText). */
const clearCopyLater = vi.fn(async (_hash: string) => {});
vi.mock('@/lib/clipboard', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/clipboard')>();
  return { ...real, copyText: (text: string) => real.copyText(text, clearCopyLater) };
});

const context: PopupContext = {
  demoMode: false,
  destination: { server: 'https://pp.example' },
  server: 'https://pp.example',
  edition: 'pro',
  signedIn: true,
  defaults: DEFAULT_PUSH_DEFAULTS,
  copyOnCreate: false,
  servers: ['https://pp.example'],
  chatGuard: true,
};

function created(): SentPush {
  return {
    push: {
      url_token: 'tok123',
      html_url: 'https://pp.example/p/tok123/r',
      expire_after_views: 5,
      views_remaining: 5,
      expire_after_duration: 8,
      expires_at: new Date(Date.now() + 3 * 86400_000).toISOString(),
    } as SentPush['push'],
    link: { ok: true, url: 'https://pp.example/p/tok123/r' },
    server: 'https://pp.example',
  };
}

function renderForm(over: Partial<PopupContext> = {}) {
  const initial = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });
  return render(<CreatePush context={{ ...context, ...over }} initial={initial} />);
}

const secret = () => screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement;

beforeEach(() => {
  sendForm.mockReset();
  prepareSend.mockClear();
});
afterEach(cleanup);
const live = useLiveRegion();

describe('CreatePush', () => {
  it('creates once on Ctrl+Enter (Cmd+Enter) from a field outside the form, the header’s choice of server among them, and not again while sending (issue 39 §4)', async () => {
    let finish!: (result: SentPush) => void;
    sendForm.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const header = document.body.appendChild(document.createElement('select'));
    header.innerHTML = '<option>pp.example</option><option>other.example</option>';
    try {
      renderForm();
      fireEvent.input(secret(), { target: { value: 's3cret' } });
      // A plain Enter there chooses, as a select's Enter does: no push.
      fireEvent.keyDown(header, { key: 'Enter' });
      expect(sendForm).not.toHaveBeenCalled();
      const first = fireEvent.keyDown(header, { key: 'Enter', ctrlKey: true });
      expect(first).toBe(false); // taken: the select does nothing else with it
      fireEvent.keyDown(header, { key: 'Enter', metaKey: true, repeat: true });
      fireEvent.keyDown(secret(), { key: 'Enter', ctrlKey: true });
      await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
      expect(sendForm.mock.calls[0]![0].payload).toBe('s3cret');
      finish(created());
      await screen.findByRole('textbox', { name: 'Secret link' });
      // The result is shown: the key creates nothing more from there.
      fireEvent.keyDown(header, { key: 'Enter', ctrlKey: true });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(sendForm).toHaveBeenCalledTimes(1);
    } finally {
      header.remove();
    }
  });

  it('leaves Ctrl+Enter on a button or a link outside the form alone', async () => {
    sendForm.mockImplementation(() => new Promise(() => {}));
    const button = document.body.appendChild(document.createElement('button'));
    try {
      renderForm();
      fireEvent.input(secret(), { target: { value: 's3cret' } });
      expect(fireEvent.keyDown(button, { key: 'Enter', ctrlKey: true })).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(sendForm).not.toHaveBeenCalled();
    } finally {
      button.remove();
    }
  });

  it('sends once per submit, even when Create push is pressed again while sending', async () => {
    let finish!: (result: SentPush) => void;
    sendForm.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderForm();
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    fireEvent.keyDown(secret(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    expect(sendForm.mock.calls[0]![0].payload).toBe('s3cret');
    finish(created());
    expect((await screen.findByRole('textbox', { name: 'Secret link' })).textContent).toBe(
      'https://pp.example/p/tok123/r',
    );
    expect(sendForm).toHaveBeenCalledTimes(1);
  });

  it('sends in the click’s own turn, before the form is redrawn as Sending (issue 37: Create → link)', async () => {
    sendForm.mockImplementation(() => new Promise(() => {}));
    const { container } = renderForm();
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    await waitFor(() => expect(prepareSend).toHaveBeenCalled()); // the API side loaded, as typing does
    await new Promise((resolve) => setTimeout(resolve, 0));
    let sentBeforeRedraw: boolean | undefined;
    const observer = new MutationObserver(() => (sentBeforeRedraw ??= sendForm.mock.calls.length === 1));
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await waitFor(() => expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true'));
    observer.disconnect();
    expect(sentBeforeRedraw).toBe(true);
    expect(sendForm).toHaveBeenCalledTimes(1);
  });

  it('keeps the form and shows the failure next to the button; a new submit sends again', async () => {
    sendForm.mockRejectedValueOnce(new AppError('network', 'down'));
    renderForm();
    fireEvent.input(secret(), { target: { value: 'keep me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    expect(await screen.findByText(/The server could not be reached/)).toHaveProperty('role', 'alert');
    expect(secret().value).toBe('keep me');

    sendForm.mockResolvedValueOnce(created());
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(sendForm).toHaveBeenCalledTimes(2);
  });

  it('puts a 422 message on its field', async () => {
    sendForm.mockRejectedValueOnce(
      new AppError('validation', 'invalid', { status: 422, fields: { payload: ['is too long'] } }),
    );
    renderForm();
    fireEvent.input(secret(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    expect(await screen.findByText('Secret is too long')).toBeTruthy();
    expect(secret().getAttribute('aria-invalid')).toBe('true');
  });

  it('Cancel aborts a file upload and keeps the form', async () => {
    sendForm.mockImplementation(
      (_state, { signal }) =>
        new Promise((_, reject) => {
          const stop = () => reject(new AppError('aborted', 'cancelled'));
          if (signal.aborted) stop();
          signal.addEventListener('abort', stop);
        }),
    );
    renderForm();
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    const input = await screen.findByLabelText('Files', { selector: 'input' }); // loaded on demand
    fireEvent.change(input, { target: { files: [new File(['abc'], 'half.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled.')).toBeTruthy();
    expect(screen.getByText('half.txt')).toBeTruthy();
    expect(sendForm).toHaveBeenCalledTimes(1);
  });

  it('offers no Cancel for a text create, which gives no sign of whether the server has it yet', async () => {
    sendForm.mockImplementation(() => new Promise(() => {}));
    renderForm();
    fireEvent.input(secret(), { target: { value: 'on its way' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    expect(await screen.findByText('Sending…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('readies a push once, as its secret is typed, and sends nothing doing so', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('tab', { name: 'URL' }));
    await new Promise((resolve) => setTimeout(resolve));
    expect(prepareSend).not.toHaveBeenCalled(); // a form only looked at
    const url = screen.getByRole('textbox', { name: 'URL' });
    fireEvent.input(url, { target: { value: 'h' } });
    await waitFor(() => expect(prepareSend).toHaveBeenCalledTimes(1));
    fireEvent.input(url, { target: { value: 'https://wiki.example/reset' } });
    expect(prepareSend.mock.calls).toEqual([[undefined, false]]);
    expect(sendForm).not.toHaveBeenCalled();
  });

  it('readies a file push, with its upload module, as the Files tab is chosen, and sends nothing doing so', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    await waitFor(() => expect(prepareSend.mock.calls).toEqual([[undefined, true]]));
    const input = await screen.findByLabelText('Files', { selector: 'input' }); // loaded on demand
    fireEvent.change(input, { target: { files: [new File(['abc'], 'a.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('a.txt')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['def'], 'b.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('b.txt')).toBeTruthy();
    expect(prepareSend).toHaveBeenCalledTimes(1);
    expect(sendForm).not.toHaveBeenCalled();
  });

  it('readies nothing for files without a token, which files need', async () => {
    const initial = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: false });
    render(<CreatePush context={{ ...context, signedIn: false }} initial={initial} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    expect(await screen.findByRole('link', { name: 'Add a token in Settings' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve));
    expect(prepareSend).not.toHaveBeenCalled();
  });

  it('shows upload progress for files', async () => {
    let report!: (progress: { sent: number; total: number }) => void;
    sendForm.mockImplementation((_state, { onProgress }) => {
      report = onProgress;
      return new Promise(() => {});
    });
    renderForm();
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    const input = await screen.findByLabelText('Files', { selector: 'input' }); // loaded on demand
    fireEvent.change(input, { target: { files: [new File(['abc'], 'a.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    report({ sent: 1, total: 3 });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('1'),
    );
    // In bytes and as a share, and the popup says it may be closed (the upload runs elsewhere, lib/upload).
    expect(screen.getByText('1 of 3 bytes · 33%')).toBeTruthy();
    expect(screen.getByText(/You can close this popup: the upload carries on/)).toBeTruthy();
  });

  it('once the upload is all sent, Cancel gives way to waiting: the server decides, and its push is shown', async () => {
    let report!: (progress: { sent: number; total: number }) => void;
    let finish!: (result: SentPush) => void;
    let aborted = false;
    sendForm.mockImplementation((_state, { onProgress, signal }) => {
      report = onProgress;
      signal.addEventListener('abort', () => (aborted = true));
      return new Promise((resolve) => (finish = resolve));
    });
    renderForm();
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    const input = await screen.findByLabelText('Files', { selector: 'input' }); // loaded on demand
    fireEvent.change(input, { target: { files: [new File(['abc'], 'a.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    report({ sent: 1, total: 3 });
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeTruthy();

    report({ sent: 3, total: 3 });
    const waiting = await screen.findByRole('button', { name: 'Waiting for the server…' });
    expect(waiting).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(waiting);
    expect(aborted).toBe(false);

    finish(created());
    expect((await screen.findByRole('textbox', { name: 'Secret link' })).textContent).toBe(
      'https://pp.example/p/tok123/r',
    );
    expect(screen.queryByText('Cancelled.')).toBeNull();
    expect(sendForm).toHaveBeenCalledTimes(1);
  });

  it('Esc on the result closes the QR code first, and never drops the result or its passphrase', async () => {
    sendForm.mockResolvedValue(created());
    renderForm();
    fireEvent.input(secret(), { target: { value: 'first' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Passphrase' }), { target: { value: 'p4ss' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show QR code' })).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show QR code' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('textbox', { name: 'Secret link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy passphrase' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
  });

  it('draws the result beside the form as sent, hidden and unchanged, and takes the form away after that first paint (issue 37: Create → link)', async () => {
    sendForm.mockResolvedValue(created());
    renderForm();
    fireEvent.input(secret(), { target: { value: 'zq-sent-secret' } });
    const form = document.querySelector('form')!;
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    // The same form element, out of sight and out of the accessibility tree: nothing of it can be reached.
    // (findByRole looks at each change of the page: the result's own draw, before any paint.)
    expect(document.querySelector('form')).toBe(form);
    expect(form.closest('[hidden]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
    await waitFor(() => expect(document.querySelector('form')).toBeNull());
    const values = [...document.querySelectorAll('input, textarea')].map(
      (field) => (field as HTMLInputElement).value,
    );
    expect(values).not.toContain('zq-sent-secret');
    expect(screen.getByRole('textbox', { name: 'Secret link' })).toBeTruthy();
  });

  it('after a create, New push starts an empty form that sends again', async () => {
    sendForm.mockResolvedValue(created());
    renderForm();
    fireEvent.input(secret(), { target: { value: 'one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New push' }));
    await waitFor(() => expect(secret().value).toBe(''));
    fireEvent.input(secret(), { target: { value: 'two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(sendForm.mock.calls.map(([state]) => state.payload)).toEqual(['one', 'two']);
  });
});

describe('CreatePush: a link the extension does not hand on (issue 9 #4)', () => {
  it.each([
    ['javascript:', 'unsafe-link', 'The push link is not a web address the extension opens (javascript:).'],
    [
      'another origin',
      'host-mismatch',
      'The push link points to https://evil.example, not https://pp.example.',
    ],
  ] as const)('shows why for %s, with no link, copy, open or QR', async (_name, code, message) => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    sendForm.mockResolvedValue({ ...created(), link: { ok: false, code, message } });
    // Even with copy-on-create on, a refused link is never copied.
    renderForm({ copyOnCreate: true });
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('alert').textContent).toContain('The link was not opened or copied');
    for (const name of ['Copy link', 'Preview', 'Copy message', 'Show QR code'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Secret link' })).toBeNull();
    expect(document.body.textContent).not.toContain('pp.example/p/tok123');
    expect(writeText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'New push' }));
    expect(await screen.findByRole('button', { name: 'Create push' })).toBeTruthy();
  });

  it('Enter in the Secret field creates the push; Shift+Enter does not', async () => {
    sendForm.mockResolvedValueOnce(created());
    renderForm();
    fireEvent.input(secret(), { target: { value: 'line one' } });
    fireEvent.keyDown(secret(), { key: 'Enter', shiftKey: true });
    expect(sendForm).not.toHaveBeenCalled();
    fireEvent.keyDown(secret(), { key: 'Enter' });
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(sendForm).toHaveBeenCalledTimes(1);
    expect(sendForm.mock.calls[0]![0].payload).toBe('line one');
  });

  it('the wand fills the passphrase and says so through the live region, without the passphrase', async () => {
    renderForm();
    const field = screen.getByRole('textbox', { name: 'Passphrase' }) as HTMLInputElement;
    const before = field.value;
    const wand = screen.getByRole('button', { name: 'Generate passphrase' });
    wand.focus();
    fireEvent.click(wand);
    // The passphrase module loads on the wand's first use.
    await waitFor(() => expect(field.value).not.toBe(before), { timeout: 5000 });
    expect(field.value.length).toBeGreaterThan(8);
    await waitFor(() => expect(live().textContent).toBe('Passphrase generated'));
    expect(live().textContent).not.toContain(field.value);
    expect(document.activeElement).toBe(wand);
  });

  it('Enter while sending sends nothing more', async () => {
    let finish!: (result: SentPush) => void;
    sendForm.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderForm();
    fireEvent.input(secret(), { target: { value: 'once' } });
    fireEvent.keyDown(secret(), { key: 'Enter' });
    fireEvent.keyDown(secret(), { key: 'Enter' });
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    finish(created());
    await screen.findByRole('textbox', { name: 'Secret link' });
    expect(sendForm).toHaveBeenCalledTimes(1);
  });

  it('copies the new link at once and announces "Push created, link copied" when the setting is on', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    sendForm.mockResolvedValueOnce(created());
    renderForm({ copyOnCreate: true });
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.keyDown(secret(), { key: 'Enter' });
    await waitFor(() => expect(live().textContent).toBe('Push created, link copied'));
    expect(document.querySelector('.sp-status')?.textContent).toBe('Push created, link copied');
    expect(writeText).toHaveBeenCalledWith('https://pp.example/p/tok123/r');
    expect(clearCopyLater).toHaveBeenCalledWith(await clipboardHash('https://pp.example/p/tok123/r'));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Secret link' }));
  });

  it('copies nothing when the setting is off, and says only that the push was created', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    sendForm.mockResolvedValueOnce(created());
    renderForm({ copyOnCreate: false });
    fireEvent.input(secret(), { target: { value: 's3cret' } });
    fireEvent.keyDown(secret(), { key: 'Enter' });
    await waitFor(() => expect(live().textContent).toBe('Push created'));
    expect(document.querySelector('.sp-status')?.textContent).toBe('Push created');
    expect(writeText).not.toHaveBeenCalled();
  });
});
