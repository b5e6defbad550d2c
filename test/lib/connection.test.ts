import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkServer, saveServer } from '@/lib/connection/check';
import { clientFor, connectSaved, savedTarget, type Transports } from '@/lib/connection/client';
import { requestHostPermission } from '@/lib/connection/check';
import { DEMO_BASE_URL, setLocalDemoRoute } from '@/lib/demo/transport';
import { ensureDemoToken } from '@/lib/demo/token';
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { demoMessages } from '@/lib/demo/messages';
import { chromeLikeMessaging, pageSender } from './demo/messaging';
import { isAppError } from '@/lib/errors';
import { responseToWire, wireToRequest } from '@/lib/messages/wire';
import { createMockBackend, openMockStore, type MockHandler } from '@/lib/mock';
import { DEFAULT_PUSH_DEFAULTS, type ServerChoice } from '@/lib/settings';
import { loadSettings, readSettings, saveSettings, type Settings, type TokenPlace } from '@/lib/settings';

const SERVER_URL = 'https://pwpush.example.com';
const ALICE = { email: 'alice@example.com', token: 'alice-token' };

let backend: MockHandler;
let seen: Request[];
let permissionRequest: ReturnType<typeof vi.fn>;

/** Connect's save without its checks: the server with its token, bound to the server's origin. */
const saveServerSettings = (input: { server: ServerChoice; token: string | null; tokenPlace: TokenPlace }) =>
  saveSettings({
    type: 'server',
    entry: {
      server: input.server,
      token: { value: input.token, place: input.tokenPlace, origin: new URL(input.server.url).origin },
    },
  });
const demoToken = async () => (await readSettings()).demoToken;

/** Routes the page's fetch to the real mock backend in-process, recording each request. */
function serveWithBackend(handler: MockHandler) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return handler(request);
  });
}

/** The one client builder, for the target of these settings. */
const clientForSettings = (given: Settings, transports?: Transports) =>
  clientFor(savedTarget(given), transports);

function settings(patch: Partial<Settings> = {}): Settings {
  return {
    demoMode: false,
    server: { kind: 'self-hosted', url: SERVER_URL },
    token: null,
    tokenOrigin: SERVER_URL,
    tokenPlace: 'device',
    servers: [],
    defaultServer: null,
    defaults: DEFAULT_PUSH_DEFAULTS,
    ...patch,
  };
}

beforeEach(async () => {
  seen = [];
  const store = await openMockStore({ name: `settings-${Math.random()}` });
  backend = createMockBackend({ store, baseUrl: SERVER_URL, edition: 'oss', users: [ALICE], rateLimit: 0 });
  serveWithBackend(backend);
  // fakeBrowser has no permissions implementation (its request() throws "not implemented"), so the one
  // call this code makes is spied on; by default the user grants it.
  permissionRequest = vi.fn(async () => true);
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(permissionRequest as never);
  setLocalDemoRoute(undefined);
});

describe('clientFor (the target of settings)', () => {
  it('talks to the saved server over fetch with the user token', async () => {
    const client = clientForSettings(settings({ token: 'alice-token' }));
    expect(client.baseUrl).toBe(SERVER_URL);
    await client.activePage(1);
    expect(seen[0]!.url).toBe(`${SERVER_URL}/api/v2/pushes/active?page=1`);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer alice-token');
  });

  it('sends no Authorization header without a token', async () => {
    await clientForSettings(settings()).version();
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('uses the demo service, its token and demoFetch in demo mode, even with a server saved', async () => {
    const demoBackend = createMockBackend({
      store: await openMockStore({ name: `demo-${Math.random()}` }),
      baseUrl: DEMO_BASE_URL,
      users: [{ email: 'demo@secret-push.local', token: 'demo-token' }],
      rateLimit: 0,
    });
    const routed: Request[] = [];
    setLocalDemoRoute(async (wire) => {
      routed.push(wireToRequest(wire));
      return responseToWire(await demoBackend(wireToRequest(wire)));
    });
    const client = clientForSettings(
      settings({ demoMode: true, token: 'alice-token', demoToken: 'demo-token' }),
    );
    expect(client.baseUrl).toBe(DEMO_BASE_URL);
    await client.activePage(1);
    expect(routed.map((r) => [r.url, r.headers.get('authorization')])).toEqual([
      [`${DEMO_BASE_URL}/api/v2/pushes/active?page=1`, 'Bearer demo-token'],
    ]);
    expect(seen).toEqual([]); // nothing went to the saved server
  });

  it('refuses to build a client that would send the token to another origin than its own', async () => {
    const elsewhere = settings({ token: 'alice-token', tokenOrigin: 'https://eu.pwpush.com' });
    expect(() => clientForSettings(elsewhere)).toThrow(/belongs to https:\/\/eu\.pwpush\.com/);
    expect(seen).toEqual([]);
  });

  it('refuses to build a client without a server outside demo mode', () => {
    expect(() => clientForSettings(settings({ server: null }))).toThrow(/No server is saved/);
  });
});

describe('connectSaved', () => {
  it('has the background create the demo token on first use in demo mode', async () => {
    expect(await demoToken()).toBeNull();
    // The background, the token's one writer, as a page reaches it (lib/demo/token.ts).
    chromeLikeMessaging(() => pageSender('/popup.html'));
    listenForMessages([handle(demoMessages.token, () => ensureDemoToken())]);
    const { client } = await connectSaved();
    expect(client.baseUrl).toBe(DEMO_BASE_URL);
    expect(await demoToken()).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('uses the saved server once demo mode is off', async () => {
    await saveServerSettings({
      server: { kind: 'self-hosted', url: SERVER_URL },
      token: null,
      tokenPlace: 'device',
    });
    expect((await connectSaved()).client.baseUrl).toBe(SERVER_URL);
  });
});

describe('requestHostPermission', () => {
  it('asks for the one origin of the server', async () => {
    await requestHostPermission('http://127.0.0.1:8787/base');
    expect(permissionRequest).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
  });

  it('turns a refusal into permission-denied', async () => {
    permissionRequest.mockResolvedValue(false);
    const error = await requestHostPermission(SERVER_URL).catch((e: unknown) => e);
    expect(isAppError(error, 'permission-denied')).toBe(true);
    expect((error as Error).message).toMatch('pwpush.example.com');
  });

  it('turns a failed request into permission-denied', async () => {
    permissionRequest.mockRejectedValue(new Error('This function must be called during a user gesture'));
    const error = await requestHostPermission(SERVER_URL).catch((e: unknown) => e);
    expect(isAppError(error, 'permission-denied')).toBe(true);
  });
});

describe('checkServer', () => {
  it('reports the edition, version and an accepted token', async () => {
    const { report } = await checkServer({
      url: `${SERVER_URL}/`,
      token: ' alice-token ',
      tokenPlace: 'device',
    });
    expect(report).toMatchObject({ baseUrl: SERVER_URL, edition: 'oss', token: 'accepted' });
    expect(report.applicationVersion).toMatch(/\d/);
  });

  it('reports anonymous use without a token', async () => {
    const { report } = await checkServer({ url: SERVER_URL, token: '', tokenPlace: 'device' });
    expect(report.token).toBe('none');
  });

  it('asks the server for its version once, then makes one owner-only call', async () => {
    await checkServer({ url: SERVER_URL, token: 'alice-token', tokenPlace: 'device' });
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/api/v2/version', '/api/v2/pushes/active']);
  });

  it('reports an account the server refuses until it sets up two-factor authentication', async () => {
    // require_mfa (reference §1, §7): 403 with this body on every authenticated call, /version stays public.
    serveWithBackend(async (request) =>
      new URL(request.url).pathname === '/api/v2/version'
        ? backend(request)
        : Response.json(
            { error: 'Two-factor authentication is required. Please set it up to continue.' },
            { status: 403 },
          ),
    );
    const error = await checkServer({ url: SERVER_URL, token: 'alice-token', tokenPlace: 'device' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error, 'account-restricted')).toBe(true);
  });

  it('refuses to send the saved token to another origin, before any request', async () => {
    await saveServerSettings({
      server: { kind: 'hosted', url: 'https://eu.pwpush.com' },
      token: 'alice-token',
      tokenPlace: 'device',
    });
    const error = await checkServer({ url: SERVER_URL, token: 'alice-token', tokenPlace: 'device' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error, 'token-elsewhere')).toBe(true);
    expect(seen).toEqual([]);
  });

  it('asks for the permission before any request reaches the server', async () => {
    permissionRequest.mockImplementation(async () => {
      expect(seen).toEqual([]);
      return true;
    });
    await checkServer({ url: SERVER_URL, token: '', tokenPlace: 'device' });
    expect(permissionRequest).toHaveBeenCalledTimes(1);
  });
});

describe('saveServer', () => {
  const PREVIOUS: ServerChoice = { kind: 'hosted', url: 'https://eu.pwpush.com', edition: 'pro' };

  beforeEach(async () => {
    await saveServerSettings({ server: PREVIOUS, token: 'old-token', tokenPlace: 'device' });
    await saveSettings({ type: 'demo', on: true });
  });

  async function expectPreviousSettings() {
    expect(await loadSettings()).toMatchObject({
      demoMode: true,
      server: PREVIOUS,
      token: 'old-token',
      tokenPlace: 'device',
    });
  }

  it('saves a working server with its token and edition, and leaves demo mode; the default stays', async () => {
    const report = await saveServer({ url: SERVER_URL, token: 'alice-token', tokenPlace: 'session' });
    expect(report.token).toBe('accepted');
    expect(await loadSettings()).toMatchObject({ demoMode: false, defaultServer: PREVIOUS.url });
    expect(await loadSettings(SERVER_URL)).toMatchObject({
      demoMode: false,
      server: { kind: 'self-hosted', url: SERVER_URL, edition: 'oss' },
      token: 'alice-token',
      tokenPlace: 'session',
    });
  });

  it('keeps the previous settings when the address is invalid, without asking for a permission', async () => {
    const error = await saveServer({
      url: 'http://pwpush.example.com',
      token: '',
      tokenPlace: 'device',
    }).catch((e: unknown) => e);
    expect(isAppError(error, 'validation')).toBe(true);
    expect(permissionRequest).not.toHaveBeenCalled();
    await expectPreviousSettings();
  });

  it('keeps the previous settings when the permission is refused, and makes no request', async () => {
    permissionRequest.mockResolvedValue(false);
    const error = await saveServer({ url: SERVER_URL, token: 'alice-token', tokenPlace: 'device' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error, 'permission-denied')).toBe(true);
    expect(seen).toEqual([]);
    await expectPreviousSettings();
  });

  it('keeps the previous settings when the token is rejected', async () => {
    const error = await saveServer({ url: SERVER_URL, token: 'wrong-token', tokenPlace: 'device' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error, 'token-rejected')).toBe(true);
    await expectPreviousSettings();
  });

  it('keeps the previous settings when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await saveServer({ url: SERVER_URL, token: '', tokenPlace: 'device' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error, 'network')).toBe(true);
    await expectPreviousSettings();
  });

  it('keeps the previous settings when the address is not a secret-push server', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('<!doctype html><title>Blog</title>', { headers: { 'content-type': 'text/html' } }),
    );
    const error = await saveServer({ url: SERVER_URL, token: '', tokenPlace: 'device' }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(error, 'not-secret-push')).toBe(true);
    await expectPreviousSettings();
  });
});
