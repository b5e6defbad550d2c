/**
 * The popup as a whole: the notification e-mails default to the UI language where the server writes them,
 * and that language reaches the create request (issue 12).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/entrypoints/popup/App';
import type { SendOptions, SentPush } from '@/entrypoints/popup/connect';
import { toCreateInput, type FormState } from '@/lib/push/form';
import { saveSettings } from '@/lib/settings';
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
afterEach(cleanup);

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
