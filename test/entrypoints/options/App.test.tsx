import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/options/App';
import { createMockBackend, openMockStore, type MockHandler } from '@/lib/mock';
import { DEFAULT_PUSH_DEFAULTS, readSettings, saveSettings } from '@/lib/settings';
import { useLiveRegion } from '../../sp-live';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

/** The page's one live region, as the options page's index.html holds it from load (components/announce.ts). */
const live = useLiveRegion();

const SERVER_URL = 'http://127.0.0.1:8787';
const ALICE = { email: 'alice@example.com', token: 'alice-token' };
let backend: MockHandler;

/** Every fetch of the page goes to `answer` (the server at SERVER_URL, or whatever stands in for it). */
function serve(answer: (request: Request) => Promise<Response>) {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => answer(new Request(input, init)));
}

beforeEach(async () => {
  const store = await openMockStore({ name: `options-${Math.random()}` });
  backend = createMockBackend({ store, baseUrl: SERVER_URL, edition: 'oss', users: [ALICE], rateLimit: 0 });
  serve(backend);
  // fakeBrowser has no permissions implementation: the user grants the one origin asked for.
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
});

async function saveSelfHosted(url: string, token: string) {
  const save = await screen.findByRole('button', { name: 'Connect' });
  fireEvent.change(screen.getByLabelText('Server', { exact: true }), { target: { value: 'self-hosted' } });
  fireEvent.input(await screen.findByLabelText('Server URL'), { target: { value: url } });
  fireEvent.input(screen.getByLabelText('API token'), { target: { value: token } });
  fireEvent.click(save);
}

const everything = () => fakeBrowser.storage.local.get(null);

/**
 * Connect folds the form into the server's row, which says so (lib/settings/form.ts); Edit opens it again on
 * that server's saved fields.
 */
async function connectThenEdit(url: string, token: string) {
  await saveSelfHosted(url, token);
  await savedInRow(url);
  expect(screen.queryByLabelText('Server URL')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: `Edit ${new URL(url).host}` }));
  await screen.findByLabelText('Server URL');
}

/** The saved server's row says Connect saved it, and the live region says it once, naming the server. */
async function savedInRow(url: string) {
  const host = new URL(url).host;
  const row = await screen.findByRole('listitem', { name: host });
  await vi.waitFor(() =>
    expect(row.querySelector('.server-saved')?.textContent).toBe('Saved. Pushes now go to this server.'),
  );
  await vi.waitFor(() =>
    expect(live().textContent).toBe(`Connected to ${host}. Pushes now go to this server.`),
  );
}

describe('options page: a failed Connect', () => {
  beforeEach(async () => {
    render(<App />);
    await connectThenEdit(SERVER_URL, ALICE.token);
  });

  it.each([
    [
      'an unreachable server',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'The server could not be reached. Check the address and your connection.',
      'server-url-error',
    ],
    [
      'a web site answering HTML',
      async () =>
        new Response('<!doctype html><title>Blog</title>', { headers: { 'content-type': 'text/html' } }),
      'This is not a secret-push server (check the URL).',
      'server-url-error',
    ],
    [
      'a fresh server redirecting to /first_run',
      async () => new Response(null, { status: 302, headers: { location: `${SERVER_URL}/first_run` } }),
      'This is not a secret-push server (check the URL).',
      'server-url-error',
    ],
    [
      'a server refusing the token',
      async (request: Request) =>
        new URL(request.url).pathname === '/api/v2/version'
          ? backend(request)
          : new Response(null, { status: 401 }),
      'Your API token was rejected. Check it and try again.',
      'api-token-error',
    ],
  ])(
    'on %s says why in the alert and next to the field, and keeps the storage',
    async (_n, answer, words, id) => {
      const before = await everything();
      serve(answer);
      fireEvent.input(screen.getByLabelText('Server URL'), { target: { value: 'http://127.0.0.1:9' } });
      // Another origin empties the saved token's field (issue 9): the user types the token for this server.
      fireEvent.input(screen.getByLabelText('API token'), { target: { value: 'token-of-the-other-server' } });
      const connect = screen.getByRole('button', { name: 'Connect' });
      connect.focus();
      fireEvent.click(connect);

      expect((await screen.findByRole('alert')).textContent).toBe(`Not saved: ${words}`);
      expect(document.getElementById(id)?.textContent).toBe(words);
      // Connect was disabled while it worked: focus lands on the field the failure names, not the body.
      const field = document.querySelector(`[aria-describedby~="${id}"]`);
      await vi.waitFor(() => expect(document.activeElement).toBe(field));
      expect(await everything()).toEqual(before);
    },
  );
});

describe('options page: clearing the clipboard', () => {
  const field = () =>
    screen.findByLabelText('Clear the clipboard after a copy') as Promise<HTMLSelectElement>;

  it('is off by default, and saved at once once reading the clipboard is allowed', async () => {
    render(<App />);
    expect((await field()).value).toBe('0');
    fireEvent.change(await field(), { target: { value: '60' } });
    await vi.waitFor(async () =>
      expect((await readSettings()).savedPreferences.clipboardClearSeconds).toBe(60),
    );
    expect(fakeBrowser.permissions.request).toHaveBeenCalledWith({ permissions: ['clipboardRead'] });
  });

  it('stays off, and says why, when the browser refuses to let it read the clipboard', async () => {
    vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => false) as never);
    render(<App />);
    fireEvent.change(await field(), { target: { value: '30' } });
    expect(await screen.findByText(/did not allow Secret Push to read the clipboard/)).toBeTruthy();
    expect((await readSettings()).savedPreferences.clipboardClearSeconds).toBe(0);
    expect((await field()).value).toBe('0');
  });

  it('turns off without asking anything', async () => {
    await saveSettings({ type: 'clipboardClear', seconds: 300 });
    render(<App />);
    await vi.waitFor(async () => expect((await field()).value).toBe('300'));
    fireEvent.change(await field(), { target: { value: '0' } });
    await vi.waitFor(async () =>
      expect((await readSettings()).savedPreferences.clipboardClearSeconds).toBe(0),
    );
    expect(fakeBrowser.permissions.request).not.toHaveBeenCalled();
  });
});

describe('options page: the saved token stays with its server', () => {
  const OTHER_URL = 'http://127.0.0.1:8788';
  const token = () => (screen.getByLabelText('API token') as HTMLInputElement).value;

  beforeEach(async () => {
    render(<App />);
    await connectThenEdit(SERVER_URL, ALICE.token);
  });

  it('empties the token field when the address moves to another origin, and brings it back', async () => {
    fireEvent.input(screen.getByLabelText('Server URL'), { target: { value: OTHER_URL } });
    expect(token()).toBe('');
    fireEvent.input(screen.getByLabelText('Server URL'), { target: { value: `${SERVER_URL}/` } });
    expect(token()).toBe(ALICE.token);
  });

  it('empties it when another hosted server is chosen', async () => {
    fireEvent.change(screen.getByLabelText('Server', { exact: true }), {
      target: { value: 'https://eu.pwpush.com' },
    });
    expect(token()).toBe('');
  });

  it.each(['Connect', 'Test connection'])('%s sends no token to the other server', async (button) => {
    const seen: Array<string | null> = [];
    serve(async (request) => {
      seen.push(request.headers.get('authorization'));
      return backend(request);
    });
    fireEvent.input(screen.getByLabelText('Server URL'), { target: { value: OTHER_URL } });
    fireEvent.click(screen.getByRole('button', { name: button }));
    if (button === 'Connect') {
      // Added beside the first server, which stays the default (only Make default changes it).
      const row = await screen.findByRole('listitem', { name: new URL(OTHER_URL).host });
      await vi.waitFor(() =>
        expect(row.querySelector('.server-saved')?.textContent).toBe(
          'Saved. The default server has not changed.',
        ),
      );
      await vi.waitFor(() =>
        expect(live().textContent).toBe(
          `Connected to ${new URL(OTHER_URL).host}. The default server has not changed.`,
        ),
      );
      expect((await readSettings()).state.list.defaultUrl).toBe(SERVER_URL);
    } else await screen.findByText('The connection works.');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((header) => header?.includes(ALICE.token))).toEqual([]);
  });
});

describe('options page: focus after each action on the servers (issue 37), never the page body', () => {
  const OTHER_URL = 'http://127.0.0.1:8788';
  const OTHER_HOST = new URL(OTHER_URL).host;
  beforeEach(async () => {
    render(<App />);
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await savedInRow(SERVER_URL);
  });

  it('Connect leaves focus on the row the form folded into', async () => {
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('listitem', { name: new URL(SERVER_URL).host })),
    );
  });

  it('Make default says which server is the default now, and focus stays on its row', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    await saveSelfHosted(OTHER_URL, '');
    const row = await screen.findByRole('listitem', { name: OTHER_HOST });
    const makeDefault = await vi.waitFor(() => {
      const button = row.querySelector('button');
      expect(button?.textContent).toBe('Make default');
      expect(button!.disabled).toBe(false);
      return button!;
    });
    makeDefault.focus();
    fireEvent.click(makeDefault);
    await vi.waitFor(() => expect(live().textContent).toBe(`Default server: ${OTHER_HOST}.`));
    await vi.waitFor(() => expect(document.activeElement).toBe(row));
    expect((await readSettings()).state.list.defaultUrl).toBe(OTHER_URL);
  });

  it('Remove leaves focus on the list of servers, whose row is gone', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    await saveSelfHosted(OTHER_URL, '');
    await screen.findByRole('listitem', { name: OTHER_HOST });
    const remove = await vi.waitFor(() => {
      const button = screen.getByRole('button', { name: `Remove ${OTHER_HOST}` }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      return button;
    });
    fireEvent.click(remove);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove server' }));
    await vi.waitFor(() => expect(screen.queryByRole('listitem', { name: OTHER_HOST })).toBeNull());
    await vi.waitFor(() =>
      expect(live().textContent).toBe(
        'Server removed, with its token and the pushes this browser followed on it.',
      ),
    );
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Servers' })),
    );
  });
});

describe('options page: one way of saving', () => {
  const savedNote = (legend: string) =>
    screen.getByRole('group', { name: legend }).querySelector('.saved-note')?.textContent;

  it('has one explicit action, Connect, in the Connection section, and no Save anywhere', async () => {
    render(<App />);
    const connect = await screen.findByRole('button', { name: 'Connect' });
    expect(screen.getByRole('group', { name: 'Connection' }).contains(connect)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('saves a valid default at once and says Saved next to its section', async () => {
    render(<App />);
    fireEvent.input(await screen.findByLabelText('Expire after views'), { target: { value: '3' } });
    await vi.waitFor(async () => expect((await readSettings()).defaults.expireAfterViews).toBe(3));
    await vi.waitFor(() => expect(savedNote('Defaults for new pushes')).toBe('Saved'));
    expect(savedNote('Watching your pushes')).toBe('');
  });

  it('keeps a default out of range as typed, says why next to it, and saves nothing', async () => {
    render(<App />);
    fireEvent.input(await screen.findByLabelText('Expire after views'), { target: { value: '101' } });
    expect(await screen.findByText('Views: enter a whole number from 1 to 100.')).toBeTruthy();
    expect((screen.getByLabelText('Expire after views') as HTMLInputElement).value).toBe('101');
    expect((await readSettings()).defaults).toEqual(DEFAULT_PUSH_DEFAULTS);
    expect(await fakeBrowser.storage.local.get('pushDefaults')).toEqual({});
    expect(savedNote('Defaults for new pushes')).toBe('');
  });

  it('says Saved when a watch setting changes', async () => {
    render(<App />);
    fireEvent.change(await screen.findByLabelText('Check for views'), { target: { value: '15' } });
    await vi.waitFor(async () =>
      expect((await readSettings()).savedPreferences.watch.intervalMinutes).toBe(15),
    );
    await vi.waitFor(() => expect(savedNote('Watching your pushes')).toBe('Saved'));
  });

  it('turns the chat-preview guard off and on again, saved at once, and says Saved', async () => {
    render(<App />);
    const box = (await screen.findByRole('checkbox', {
      name: 'Turn the retrieval step on for pushes made from a chat or mail app',
    })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBe('chat-guard-help');
    fireEvent.click(box);
    await vi.waitFor(async () => expect((await readSettings()).savedPreferences.chatGuard).toBe(false));
    await vi.waitFor(() => expect(savedNote('Chat and mail apps')).toBe('Saved'));
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await vi.waitFor(async () => expect((await readSettings()).savedPreferences.chatGuard).toBe(true));
  });

  it('moves the token at once when only where it is kept changes', async () => {
    render(<App />);
    await connectThenEdit(SERVER_URL, ALICE.token);
    fireEvent.click(screen.getByLabelText('This browser session only'));
    await vi.waitFor(async () =>
      expect((await readSettings()).state.list.servers[0]?.tokenPlace).toBe('session'),
    );
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({
      serverTokens: { [SERVER_URL]: { value: ALICE.token, origin: new URL(SERVER_URL).origin } },
    });
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({ serverTokens: {} });
    await vi.waitFor(() => expect(savedNote('Connection')).toBe('Saved'));
  });
});

describe('options page: only the fields of the server’s edition', () => {
  it('in demo mode (the pro engine) offers durations and no days', async () => {
    render(<App />);
    expect(await screen.findByLabelText('Expire after')).toBeTruthy();
    expect(screen.queryByLabelText(/Expire after days/)).toBeNull();
  });

  it('with an oss server offers days and no durations, once connected', async () => {
    render(<App />);
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await savedInRow(SERVER_URL);
    expect(await screen.findByLabelText('Expire after days')).toBeTruthy();
    expect(screen.queryByLabelText('Expire after')).toBeNull();
  });

  it('offers both, each saying where it applies, for a server saved before its edition was known', async () => {
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER_URL },
        token: { value: null, place: 'device', origin: null },
      },
    });
    render(<App />);
    expect(await screen.findByLabelText('Expire after (pwpush.com and Pro servers)')).toBeTruthy();
    expect(screen.getByLabelText('Expire after days (open-source servers)')).toBeTruthy();
  });
});

describe('options page: focus when a server form opens', () => {
  const serverChoice = () => screen.getByLabelText('Server', { exact: true });

  it('Add a server puts focus on the form’s first field', async () => {
    render(<App />);
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await savedInRow(SERVER_URL);
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    await screen.findByLabelText('API token');
    await vi.waitFor(() => expect(document.activeElement).toBe(serverChoice()));
  });

  it('Edit puts focus on the form’s first field', async () => {
    render(<App />);
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await savedInRow(SERVER_URL);
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.click(screen.getByRole('button', { name: `Edit ${new URL(SERVER_URL).host}` }));
    await screen.findByLabelText('Server URL');
    await vi.waitFor(() => expect(document.activeElement).toBe(serverChoice()));
  });

  it('leaves focus alone for a form already open when the page loads', async () => {
    render(<App />);
    await screen.findByRole('button', { name: 'Connect' });
    expect(document.activeElement).toBe(document.body);
  });
});

describe('options page: the defaults follow the default server', () => {
  it('keep the durations of a pro default server while an open-source server is added beside it', async () => {
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: 'https://pro.example.com', edition: 'pro' },
        token: { value: null, place: 'device', origin: null },
      },
    });
    render(<App />);
    expect(await screen.findByLabelText('Expire after')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await screen.findByRole('listitem', { name: new URL(SERVER_URL).host });
    await vi.waitFor(async () => expect((await readSettings()).settings.servers).toHaveLength(2));
    expect((await readSettings()).settings.defaultServer).toBe('https://pro.example.com');
    // The new server's edition is known by now (its connection check saw oss); the defaults still apply to
    // pushes to the default server, so they keep its unit, with no reload.
    expect(screen.getByLabelText('Expire after')).toBeTruthy();
    expect(screen.queryByLabelText(/Expire after days/)).toBeNull();
  });
});

describe('options page: what Connect said does not outlive a change', () => {
  it('turning demo mode back on takes "Saved. Pushes now go to this server." away, next to the demo banner', async () => {
    render(<App />);
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await savedInRow(SERVER_URL);
    fireEvent.click(screen.getByRole('switch', { name: 'Demo mode' }));
    await vi.waitFor(async () => expect((await readSettings()).demoMode).toBe(true));
    await screen.findByText(/Demo mode is on/);
    expect(screen.queryByText('Saved. Pushes now go to this server.')).toBeNull();
  });

  it('Add a server opens a blank form with no status line above it', async () => {
    render(<App />);
    await saveSelfHosted(SERVER_URL, ALICE.token);
    await savedInRow(SERVER_URL);
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    expect(((await screen.findByLabelText('API token')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/^Saved\./)).toBeNull();
    expect(document.querySelector('.server-saved')).toBeNull();
  });
});
