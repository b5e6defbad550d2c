import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Tabs } from 'webextension-polyfill';
import { initForm, toCreateInput, type FormState } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import type { PopupContext } from '@/entrypoints/popup/context';
import type { SendOptions, SentPush } from '@/entrypoints/popup/connect';
import { CreatePush } from '@/entrypoints/popup/CreatePush';

// The API side is replaced by a scripted sendForm: what is tested is the form the guard leaves to be sent.
const sendForm = vi.fn<(state: FormState, options: SendOptions) => Promise<SentPush>>();
vi.mock('@/entrypoints/popup/connect', () => ({
  sendForm: (state: FormState, options: SendOptions) => sendForm(state, options),
  detectEdition: async () => 'pro',
  prepareSend: async () => {},
}));

/** The user's defaults with the retrieval step off: the guard has something to turn on. */
const defaults = { ...DEFAULT_PUSH_DEFAULTS, retrievalStep: false };
const context: PopupContext = {
  demoMode: false,
  destination: { server: 'https://pp.example' },
  server: 'https://pp.example',
  edition: 'pro',
  signedIn: true,
  defaults,
  copyOnCreate: false,
  servers: ['https://pp.example'],
  chatGuard: true,
};

/** The popup opened over a tab at `url` (the fake browser has no focused window: the query is scripted). */
function overTab(url: string) {
  const tabs = [{ url }] as Tabs.Tab[];
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation((() => Promise.resolve(tabs)) as never);
}

function renderOver(url: string, over: Partial<PopupContext> = {}) {
  overTab(url);
  const initial = initForm({ defaults: { ...defaults, ...over.defaults }, edition: 'pro', signedIn: true });
  return render(<CreatePush context={{ ...context, ...over }} initial={initial} />);
}

/** Types a secret, presses Create and gives the request as it would go on the wire. */
async function create() {
  sendForm.mockReturnValueOnce(new Promise(() => {}));
  fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 's3cret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
  await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
  return toCreateInput(sendForm.mock.calls[0]![0]);
}

const LINE = 'Retrieval step on: chat previews would use up a view';
/** The retrieval-step control, under "More options" (opened, and its part loaded, on first use). */
async function stepBox(): Promise<HTMLInputElement> {
  const shown = screen.queryByRole('checkbox', { name: /Retrieval step/ });
  if (shown) return shown as HTMLInputElement;
  fireEvent.click(screen.getByText('More options'));
  return (await screen.findByRole('checkbox', { name: /Retrieval step/ })) as HTMLInputElement;
}

beforeEach(() => sendForm.mockReset());
afterEach(cleanup);

describe('the chat-preview guard in the popup', () => {
  it('turns the retrieval step on over a chat app, says why, and sends it on', async () => {
    renderOver('https://app.slack.com/client/T1/C2');
    expect(await screen.findByText(LINE)).toBeTruthy();
    expect((await stepBox()).checked).toBe(true);
    expect((await create()).retrieval_step).toBe(true);
  });

  it('is turned off for this push by "Turn off" beside the line', async () => {
    renderOver('https://mail.google.com/mail/u/0/#inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(screen.queryByText(LINE)).toBeNull();
    expect((await stepBox()).checked).toBe(false);
    expect((await create()).retrieval_step).toBe(false);
  });

  it('is turned off for this push by the retrieval-step control itself', async () => {
    renderOver('https://teams.microsoft.com/v2/');
    await screen.findByText(LINE);
    fireEvent.click(await stepBox());
    expect((await stepBox()).checked).toBe(false);
    expect(screen.queryByText(LINE)).toBeNull();
    expect((await create()).retrieval_step).toBe(false);
  });

  it('guards a new form again after Esc cleared the one turned off', async () => {
    renderOver('https://discord.com/channels/1/2');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Secret' }), { key: 'Escape' });
    expect(await screen.findByText(LINE)).toBeTruthy();
    expect((await stepBox()).checked).toBe(true);
  });

  it('says nothing and changes nothing when the setting turns the guard off', async () => {
    renderOver('https://app.slack.com/client/T1/C2', { chatGuard: false });
    await waitFor(() => expect(fakeBrowser.tabs.query).toHaveBeenCalled());
    expect(screen.queryByText(LINE)).toBeNull();
    expect((await create()).retrieval_step).toBe(false);
  });

  it('says nothing and changes nothing over any other page', async () => {
    renderOver('https://intranet.example/wiki');
    await screen.findByRole('button', { name: /intranet\.example/ }); // "This page" read the same tab
    expect(screen.queryByText(LINE)).toBeNull();
    expect((await create()).retrieval_step).toBe(false);
  });

  it('says nothing when the retrieval step is on already (nothing to turn on), and keeps it on', async () => {
    renderOver('https://web.whatsapp.com/', { defaults: { ...defaults, retrievalStep: true } });
    await screen.findByRole('button', { name: /web\.whatsapp\.com/ });
    expect(screen.queryByText(LINE)).toBeNull();
    expect((await create()).retrieval_step).toBe(true);
  });
});
