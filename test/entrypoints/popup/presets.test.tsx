/**
 * The popup's row of presets (issue 39 §1): a choice fills the options it sets and leaves the secret alone,
 * says which preset is in force (under the row and through the page's live region), and a preset the
 * server cannot honour fills nothing and says why; New push brings the first back.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initForm } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS, presetFromDefaults, type Preset } from '@/lib/settings';
import type { PopupContext } from '@/entrypoints/popup/context';
import { CreatePush } from '@/entrypoints/popup/CreatePush';
import { useLiveRegion } from '../../sp-live';

vi.mock('@/entrypoints/popup/connect', () => ({
  sendForm: vi.fn(),
  detectEdition: async () => 'pro',
  prepareSend: async () => {},
}));

const ONBOARDING: Preset = {
  id: 'onb',
  name: 'Onboarding',
  expireAfterDuration: 8,
  expireAfterViews: 1,
  retrievalStep: true,
  deletableByViewer: false,
  passphrase: true,
  notifyEmails: '',
  note: 'new hire',
};
const TEN_DAYS: Preset = {
  ...ONBOARDING,
  id: 'ten',
  name: 'Ten days',
  expireAfterDuration: undefined,
  expireAfterDays: 10,
};

const context: PopupContext = {
  demoMode: false,
  destination: { server: 'https://pp.example' },
  server: 'https://pp.example',
  edition: 'pro',
  signedIn: true,
  defaults: DEFAULT_PUSH_DEFAULTS,
  presets: [presetFromDefaults(DEFAULT_PUSH_DEFAULTS), ONBOARDING, TEN_DAYS],
  copyOnCreate: false,
  servers: ['https://pp.example'],
  chatGuard: false,
};

afterEach(cleanup);
const live = useLiveRegion();

const views = () => (screen.getByRole('spinbutton', { name: 'Views' }) as HTMLInputElement).value;
const pressed = () => screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent);

describe("the popup's presets", () => {
  it('fills the options from the chosen preset, keeps the secret, and says which is in force', async () => {
    render(
      <CreatePush
        context={context}
        initial={initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true })}
      />,
    );
    expect(pressed()).toEqual(['Defaults']);
    expect(screen.getByText('Options from “Defaults”')).toBeTruthy();
    const secret = screen.getByRole('textbox', { name: 'Secret' }) as HTMLTextAreaElement;
    fireEvent.input(secret, { target: { value: 'kept secret' } });

    fireEvent.click(screen.getByRole('button', { name: 'Onboarding' }));
    await waitFor(() => expect(views()).toBe('1'));
    expect(pressed()).toEqual(['Onboarding']);
    expect(screen.getByText('Options from “Onboarding”')).toBeTruthy();
    await waitFor(() => expect(live().textContent).toBe('Options from “Onboarding”'));
    expect(secret.value).toBe('kept secret');
    // "Passphrase on": one is generated into the empty field.
    expect((screen.getByRole('textbox', { name: 'Passphrase' }) as HTMLInputElement).value).not.toBe('');
  });

  it('fills nothing from a preset the server cannot honour, and says why', async () => {
    render(
      <CreatePush
        context={context}
        initial={initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true })}
      />,
    );
    const ten = screen.getByRole('button', {
      name: 'Ten days (cannot be used: This server has no exact equal of its expiry.)',
    });
    expect(ten.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(ten);
    const why = '“Ten days” cannot be used: This server has no exact equal of its expiry.';
    await waitFor(() => expect(screen.getByText(why)).toBeTruthy());
    await waitFor(() => expect(live().textContent).toBe(why));
    expect(views()).toBe('5');
    expect(pressed()).toEqual(['Defaults']);
  });
});
