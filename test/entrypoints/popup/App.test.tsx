/**
 * The popup as a whole: the notification e-mails default to the UI language where the server writes them,
 * and that language reaches the create request (issue 12).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/entrypoints/popup/App';
import type { SendOptions, SentPush } from '@/entrypoints/popup/connect';
import { toCreateInput, type FormState } from '@/lib/push/form';
import type { Push } from '@/lib/api';
import { saveSettings } from '@/lib/settings';
import { READ_KEYS } from '@/lib/settings/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { speak } from '../../i18n/speak';

const sendForm = vi.fn<(state: FormState, options: SendOptions) => Promise<SentPush>>();
vi.mock('@/entrypoints/popup/connect', () => ({
  sendForm: (state: FormState, options: SendOptions) => sendForm(state, options),
  detectEdition: async () => 'pro',
}));

beforeEach(() => {
  sendForm.mockReset();
  sendForm.mockImplementation(() => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function createWithNotification(secret: string, language: string) {
  render(<App />);
  fireEvent.input(await screen.findByRole('textbox', { name: secret }), { target: { value: 's3cret' } });
  const more = document.querySelector('details')!;
  more.open = true;
  fireEvent(more, new Event('toggle'));
  const locale = (await screen.findByRole('combobox', { name: language })) as HTMLSelectElement;
  return locale;
}

describe('the popup’s notification e-mail language', () => {
  it('is German when the UI is German, and the create request says so', async () => {
    speak('de');
    const locale = await createWithNotification('Geheimnis', 'Sprache der E-Mail');
    expect(locale.value).toBe('de');
    fireEvent.input(screen.getByRole('textbox', { name: 'Benachrichtigungs-E-Mails' }), {
      target: { value: 'a@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Push erstellen' }));
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    expect(toCreateInput(sendForm.mock.calls[0]![0])).toMatchObject({
      notify_emails_to: 'a@example.com',
      notify_emails_to_locale: 'de',
    });
  });

  it('stays English where the server writes no e-mail in the UI language (Japanese)', async () => {
    speak('ja');
    const locale = await createWithNotification('シークレット', 'メールの言語');
    expect(locale.value).toBe('en');
  });
});

describe('the popup’s server switch', () => {
  const saved = (url: string) =>
    saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url, edition: 'pro' },
        token: { value: null, place: 'session', origin: new URL(url).origin },
      },
    });

  it('sends the push to the saved server picked in the header, not the default one', async () => {
    speak('en');
    await saved('https://one.example');
    await saved('https://two.example');
    await saveSettings({ type: 'default', url: 'https://one.example' });
    render(<App />);
    const to = (await screen.findByRole('combobox', { name: 'Server for this push' })) as HTMLSelectElement;
    expect(to.value).toBe('https://one.example');
    const first = screen.getByRole('textbox', { name: 'Secret' });
    fireEvent.change(to, { target: { value: 'https://two.example' } });
    // The switch starts a new form for that server (App.tsx): typing goes into the new one.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Secret' })).not.toBe(first));
    fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create push' }));
    await waitFor(() => expect(sendForm).toHaveBeenCalledTimes(1));
    expect(sendForm.mock.calls[0]![1].server).toBe('https://two.example');
  });
});

describe('the popup’s reads at open', () => {
  it('reads the settings once: the recent list lists with those the form was filled from (issue 22)', async () => {
    speak('en');
    const server = 'https://pp.example';
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: server, edition: 'pro' },
        token: { value: null, place: 'device', origin: new URL(server).origin },
      },
    });
    const now = new Date().toISOString();
    const push = { url_token: 'tok1', html_url: `${server}/p/tok1/r`, name: 'Listed', created_at: now };
    const expires_at = new Date(Date.now() + 86400_000).toISOString();
    const views = { expire_after_views: 5, views_remaining: 5, expire_after_duration: 8 };
    await recordCreatedPush({ ...push, ...views, updated_at: now, expires_at } as Push, {
      server,
      kind: 'text',
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    render(<App />);
    // The list is an on-demand part: its first import here is transformed on the spot, slow under load.
    expect(await screen.findByText('Listed', undefined, { timeout: 10_000 })).toBeTruthy();
    const settingsKeys: string[] = [...READ_KEYS.local];
    const asked = get.mock.calls.map(([keys]) => [keys ?? []].flat().map(String));
    expect(asked.filter((keys) => keys.some((key) => settingsKeys.includes(key)))).toHaveLength(1);
  });
});
