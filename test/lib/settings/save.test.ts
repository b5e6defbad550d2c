/**
 * The one save of the settings (lib/settings/save.ts): each action is one storage.local write made after
 * every check passed, a session token written so that it never lives in two places, and the saved servers'
 * list, default and tokens as the actions change them.
 */
import { describe, expect, it } from 'vitest';
import { useLocalWrites } from '../../local-writes';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isAppError } from '@/lib/errors';
import {
  presetFromDefaults,
  DEFAULT_PUSH_DEFAULTS,
  loadSettings,
  NO_POLICY,
  readSettings,
  saveSettings,
  settingsFor,
  type ServerChoice,
  type TokenPlace,
} from '@/lib/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com' } as const;
const ORIGIN = 'https://pwpush.example.com';
const DEFAULTS = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 2 };

const localWrites = useLocalWrites();

const TOKENS = { [SERVER.url]: { value: 'tok', origin: ORIGIN } };
const LIST = { servers: [{ ...SERVER, tokenPlace: 'device' }], defaultUrl: SERVER.url };

/** Connect's save: the server with its token, bound to the server's origin. */
const saveServer = (server: ServerChoice, value: string | null, place: TokenPlace) =>
  saveSettings({
    type: 'server',
    entry: { server, token: { value, place, origin: new URL(server.url).origin } },
  });

const local = (key: string) => fakeBrowser.storage.local.get(key).then((stored) => stored[key]);
const session = (key: string) => fakeBrowser.storage.session.get(key).then((stored) => stored[key]);

describe('saveSettings', () => {
  it('writes a server, its device token and demo mode in one storage.local write', async () => {
    await saveServer(SERVER, 'tok', 'device');
    expect(localWrites).toEqual([{ server: LIST, server$: { v: 2 }, serverTokens: TOKENS, demoMode: false }]);
    expect(await loadSettings()).toMatchObject({ server: SERVER, token: 'tok', demoMode: false });
  });

  it('writes the defaults, as the first preset too, in one storage.local write of their own', async () => {
    await saveSettings({ type: 'defaults', defaults: DEFAULTS });
    expect(localWrites).toEqual([{ pushDefaults: DEFAULTS, presets: [presetFromDefaults(DEFAULTS)] }]);
    expect((await loadSettings()).defaults).toEqual(DEFAULTS);
  });

  it('writes a session token in storage.session first, the settings in one local write, then clears the device', async () => {
    await saveServer(SERVER, 'old', 'device');
    localWrites.length = 0;
    await saveServer(SERVER, 'tok', 'session');
    const list = { ...LIST, servers: [{ ...SERVER, tokenPlace: 'session' }] };
    expect(localWrites).toEqual([{ server: list, server$: { v: 2 }, serverTokens: {}, demoMode: false }]);
    expect(await session('serverTokens')).toEqual(TOKENS);
    expect(await local('serverTokens')).toEqual({});
  });

  it('removes a cleared token from both places', async () => {
    await saveServer(SERVER, 'old', 'session');
    await saveServer(SERVER, null, 'device');
    expect(await local('serverTokens')).toEqual({});
    expect(await session('serverTokens')).toEqual({});
    expect((await loadSettings()).token).toBeNull();
  });

  it('changes only what it is given', async () => {
    await saveServer(SERVER, 'tok', 'device');
    await saveSettings({ type: 'defaults', defaults: DEFAULTS });
    expect(await loadSettings()).toMatchObject({
      demoMode: false,
      server: SERVER,
      token: 'tok',
      defaults: DEFAULTS,
    });
  });

  it('does not write an unchanged server state or policy again', async () => {
    await saveServer(SERVER, 'tok', 'device');
    await saveSettings({ type: 'policy', state: NO_POLICY });
    localWrites.length = 0;
    await saveSettings({ type: 'policy', state: NO_POLICY });
    expect(localWrites).toEqual([]);
  });
});

describe('tokenPlace', () => {
  it('moves the token, list and tokens in the same write', async () => {
    await saveServer(SERVER, 'tok', 'device');
    localWrites.length = 0;
    await saveSettings({ type: 'tokenPlace', url: SERVER.url, place: 'session' });
    const list = { ...LIST, servers: [{ ...SERVER, tokenPlace: 'session' }] };
    expect(localWrites).toEqual([{ server: list, server$: { v: 2 }, serverTokens: {} }]);
    expect(await loadSettings()).toMatchObject({ token: 'tok', tokenPlace: 'session' });
  });

  it('changes nothing for a server that is not saved', async () => {
    await saveServer(SERVER, 'tok', 'device');
    localWrites.length = 0;
    await saveSettings({ type: 'tokenPlace', url: 'https://unknown.example.com', place: 'session' });
    expect(localWrites).toEqual([]);
  });
});

const HOSTED = { kind: 'hosted', url: 'https://pwpush.com' } as const;
const OWN = { kind: 'self-hosted', url: 'https://pwpush.example.com/secrets' } as const;

async function saveBoth() {
  await saveServer(HOSTED, 'hosted-token', 'device');
  await saveServer(OWN, 'own-token', 'session');
}

const listOf = async () => (await readSettings()).state.list;

describe('several servers', () => {
  it('keeps each server with its own token, in the place chosen for it; the first saved is the default', async () => {
    await saveBoth();
    const settings = await loadSettings();
    expect(settings.defaultServer).toBe(HOSTED.url);
    expect(settings).toMatchObject({ server: HOSTED, token: 'hosted-token', tokenPlace: 'device' });
    expect(settings.servers).toEqual([
      { ...HOSTED, tokenPlace: 'device', token: 'hosted-token', tokenOrigin: 'https://pwpush.com' },
      { ...OWN, tokenPlace: 'session', token: 'own-token', tokenOrigin: 'https://pwpush.example.com' },
    ]);
    expect(settingsFor(settings, OWN.url)).toMatchObject({
      server: OWN,
      token: 'own-token',
      tokenOrigin: 'https://pwpush.example.com',
      tokenPlace: 'session',
    });
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({
      serverTokens: { [HOSTED.url]: { value: 'hosted-token', origin: 'https://pwpush.com' } },
    });
  });

  it('updates a server saved again under the same address, without changing the default', async () => {
    await saveBoth();
    await saveServer(OWN, 'new-token', 'device');
    const { servers, defaultUrl } = await listOf();
    expect(servers.map((s) => s.url)).toEqual([HOSTED.url, OWN.url]);
    expect(defaultUrl).toBe(HOSTED.url);
    expect(await loadSettings(OWN.url)).toMatchObject({
      server: OWN,
      token: 'new-token',
      tokenPlace: 'device',
    });
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({ serverTokens: {} });
  });

  it('switches the default', async () => {
    await saveBoth();
    await saveSettings({ type: 'default', url: OWN.url });
    expect((await loadSettings()).server).toEqual(OWN);
    await saveSettings({ type: 'default', url: 'https://unknown.example.com' });
    expect((await loadSettings()).server).toEqual(OWN);
  });

  it('removes a server with its token; the default passes to the next one', async () => {
    await saveBoth();
    await saveSettings({ type: 'remove', url: HOSTED.url });
    expect(await listOf()).toEqual({
      servers: [{ ...OWN, tokenPlace: 'session' }],
      defaultUrl: OWN.url,
    });
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({ serverTokens: {} });
    expect(await local('demoMode')).toBe(false);
  });

  it('goes back to demo mode when the last server is removed, its session token gone too', async () => {
    await saveBoth();
    await saveSettings({ type: 'remove', url: HOSTED.url });
    await saveSettings({ type: 'remove', url: OWN.url });
    expect(await loadSettings()).toMatchObject({ demoMode: true, server: null, servers: [], token: null });
    expect(await fakeBrowser.storage.session.get('serverTokens')).toEqual({ serverTokens: {} });
  });
});

describe('under a policy', () => {
  const setPolicy = (policy: Record<string, unknown>) =>
    fakeBrowser.storage.local.set({ policy: { policy, notes: [] } });

  it('refuses demo mode when the organization does not allow it, and writes nothing', async () => {
    await saveServer(SERVER, 'tok', 'device');
    await setPolicy({ allowDemoMode: false });
    localWrites.length = 0;
    const error = await saveSettings({ type: 'demo', on: true }).catch((e: unknown) => e);
    expect(isAppError(error, 'validation')).toBe(true);
    expect(localWrites).toEqual([]);
    expect(await local('demoMode')).toBe(false);
  });

  it('leaves demo mode off when the last server is removed and the organization does not allow it', async () => {
    await saveServer(SERVER, 'tok', 'device');
    await setPolicy({ allowDemoMode: false });
    await saveSettings({ type: 'remove', url: SERVER.url });
    expect(await local('demoMode')).toBe(false);
    expect((await readSettings()).state.list.servers).toEqual([]);
  });

  it("leaves demo mode with the organization's server when the user saved none", async () => {
    await setPolicy({ serverUrl: 'https://org.example' });
    await saveSettings({ type: 'demo', on: false });
    expect(await loadSettings()).toMatchObject({ demoMode: false, server: { url: 'https://org.example' } });
  });

  it("keeps the user's own value of every default the organization sets", async () => {
    await saveSettings({ type: 'defaults', defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 7 } });
    await setPolicy({ defaults: { expireAfterViews: 1 } });
    const shown = (await readSettings()).settings.defaults;
    expect(shown.expireAfterViews).toBe(1);
    await saveSettings({ type: 'defaults', defaults: { ...shown, passphrase: true } });
    expect(await local('pushDefaults')).toEqual({
      ...DEFAULT_PUSH_DEFAULTS,
      expireAfterViews: 7,
      passphrase: true,
    });
  });

  it('keeps a token where the organization requires it, whatever place was asked', async () => {
    await setPolicy({ tokenPlace: 'device' });
    await saveServer(SERVER, 'tok', 'session');
    expect(await local('serverTokens')).toEqual(TOKENS);
    expect((await session('serverTokens')) ?? {}).toEqual({});
    await saveSettings({ type: 'tokenPlace', url: SERVER.url, place: 'session' });
    expect(await local('serverTokens')).toEqual(TOKENS);
    expect((await loadSettings()).tokenPlace).toBe('device');
  });
});

describe('saveSettings, two contexts at once (issue 40)', () => {
  it('a Connect and a new policy "tokens for this session only" saved at the same moment: the token is never left on disk', async () => {
    await saveServer(SERVER, 'tok', 'device');
    // The options page's Connect (a new token, "Remember on this device") and the background's new policy,
    // started in the same turn: without the lock both read before either wrote, and the Connect's write,
    // made from its stale read, put the token back in storage.local under a policy that says "session".
    await Promise.all([
      saveServer(SERVER, 'new', 'device'),
      saveSettings({ type: 'policy', state: { policy: { tokenPlace: 'session' }, notes: [] } }),
    ]);
    expect(await local('serverTokens')).toEqual({});
    expect(await session('serverTokens')).toEqual({ [SERVER.url]: { value: 'new', origin: ORIGIN } });
    expect(await loadSettings()).toMatchObject({ token: 'new', tokenPlace: 'session' });
  });

  it('the other order: a policy that moves the tokens and a Connect of a second server keep both', async () => {
    await saveServer(SERVER, 'tok', 'session');
    const second = { kind: 'self-hosted', url: 'https://second.example.com' } as const;
    // The policy's save rewrites the servers (their tokens move to the device): from a stale read, it wrote
    // the list without the server the Connect had just added.
    await Promise.all([
      saveSettings({ type: 'policy', state: { policy: { tokenPlace: 'device' }, notes: [] } }),
      saveServer(second, 'two', 'device'),
    ]);
    const { settings } = await readSettings();
    expect(settings.servers.map((server) => server.url)).toEqual([SERVER.url, second.url]);
    expect(await local('serverTokens')).toEqual({
      ...TOKENS,
      [second.url]: { value: 'two', origin: 'https://second.example.com' },
    });
  });
});
