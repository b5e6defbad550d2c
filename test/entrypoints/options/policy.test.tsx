import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { DEFAULT_PUSH_DEFAULTS, readSettings, type PolicyState } from '@/lib/settings';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const POLICY: PolicyState = {
  policy: { allowDemoMode: false, defaults: { expireAfterViews: 2 }, watchIntervalMinutes: 30 },
  notes: [{ key: 'defaults.expireAfterDays', value: '500' }],
};

/** The checked policy as the background stores it for every page. */
const setPolicy = (state: PolicyState) => fakeBrowser.storage.local.set({ policy: state });

describe('options page under an organization policy', () => {
  it('says some settings are managed and lists the ignored values', async () => {
    await setPolicy(POLICY);
    render(<App />);
    await screen.findByText('Some settings are managed by your organization and cannot be changed here.');
    expect(screen.getByRole('heading', { name: 'Ignored policy values' })).toBeTruthy();
    // The notice's own list (the presets section below has a list of its own).
    const notice = screen.getByRole('heading', { name: 'Ignored policy values' }).parentElement!;
    expect(within(notice).getByRole('listitem').textContent).toBe(
      'Ignored \u2068defaults.expireAfterDays\u2069: \u2068500\u2069 is not a valid value here.',
    );
  });

  it('says how many ignored values it does not list', async () => {
    await fakeBrowser.storage.local.set({ policy: { ...POLICY, notesLeftOff: 9980 } });
    render(<App />);
    const more = await screen.findByText('And 9,980 more ignored values.');
    expect(within(more.parentElement!).getAllByRole('listitem')).toHaveLength(1);
  });

  it('turns demo mode off and disables its switch when the organization does not allow it', async () => {
    await setPolicy(POLICY);
    render(<App />);
    const demo = await screen.findByRole('switch', { name: 'Demo mode' });
    expect(demo.getAttribute('aria-checked')).toBe('false');
    expect((demo as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Your organization does not allow demo mode.')).toBeTruthy();
  });

  it("shows the organization's default and interval disabled, each with a line saying so", async () => {
    await setPolicy(POLICY);
    render(<App />);
    const views = (await screen.findByLabelText('Expire after views')) as HTMLInputElement;
    expect(views.value).toBe('2');
    expect(views.disabled).toBe(true);
    const interval = (await screen.findByLabelText('Check for views')) as HTMLSelectElement;
    expect(interval.value).toBe('30');
    expect(interval.disabled).toBe(true);
    expect(screen.getAllByText('Set by your organization.')).toHaveLength(2);
    expect((screen.getByLabelText('Ask for a passphrase') as HTMLInputElement).disabled).toBe(false);
  });

  it("saves a change of another default with the user's own value where the organization sets one", async () => {
    await setPolicy(POLICY);
    await fakeBrowser.storage.local.set({
      watchSettings: { intervalMinutes: 5, notifications: true, badge: 'unseen' },
    });
    render(<App />);
    fireEvent.click(await screen.findByLabelText('Ask for a passphrase'));
    await waitFor(async () =>
      expect((await fakeBrowser.storage.local.get('pushDefaults')).pushDefaults).toEqual({
        ...DEFAULT_PUSH_DEFAULTS,
        passphrase: true,
      }),
    );
    expect((await readSettings()).savedPreferences.watch.intervalMinutes).toBe(5);
  });

  it('shows nothing of a policy when there is none', async () => {
    render(<App />);
    await screen.findByRole('switch', { name: 'Demo mode' });
    expect(screen.queryByText('Set by your organization.')).toBeNull();
    expect(screen.queryByText(/managed by your organization/)).toBeNull();
  });

  it("shows the organization's locked server and token place disabled; the token stays the user's to enter", async () => {
    await setPolicy({
      policy: { serverUrl: 'https://pwpush.example.org', lockServer: true, tokenPlace: 'session' },
      notes: [],
    });
    render(<App />);
    const url = (await screen.findByLabelText('Server URL')) as HTMLInputElement;
    expect(url.value).toBe('https://pwpush.example.org');
    expect(url.disabled).toBe(true);
    expect((screen.getByLabelText('Server', { exact: true }) as HTMLSelectElement).disabled).toBe(true);
    expect(
      screen.getByText('Your organization manages the servers: they cannot be added, changed or removed.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('API token') as HTMLInputElement).disabled).toBe(false);
    const radios = screen.getAllByRole('radio', { name: /session|device/ }) as HTMLInputElement[];
    expect(radios.map((radio) => [radio.checked, radio.disabled])).toEqual([
      [false, true],
      [true, true],
    ]);
  });
});
