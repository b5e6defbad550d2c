/**
 * The kept connections (lib/connection/client.ts), as quick push and the popup use them: one client (and so
 * one version request) while the target stays the same, a new one as soon as the server or the token
 * changes. The real settings store on fakeBrowser, the real client against the in-process mock behind fetch.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { keptConnections, sessionVersions, type Destination } from '@/lib/connection';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_PUSH_DEFAULTS, loadSettings, saveSettings } from '@/lib/settings';
import { quickPushVersionsItem } from '@/lib/store/items';

const SERVER_URL = 'https://pwpush.example.com';
const OTHER_URL = 'https://eu.pwpush.example.com';
const ALICE = { email: 'alice@example.com', token: 'alice-token-0123456789' };
const BOB = { email: 'bob@example.com', token: 'bob-token-0123456789ab' };

let seen: Request[];

/** Both servers answer through the real mock backend; every request is recorded. */
beforeEach(async () => {
  seen = [];
  const backends = new Map(
    await Promise.all(
      [SERVER_URL, OTHER_URL].map(async (baseUrl) => {
        const store = await openMockStore({ name: `quick-connection-${Math.random()}` });
        const backend = createMockBackend({
          store,
          baseUrl,
          edition: 'pro',
          users: [ALICE, BOB],
          rateLimit: 0,
        });
        return [new URL(baseUrl).origin, backend] as const;
      }),
    ),
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return backends.get(new URL(request.url).origin)!(request);
  });
});

/** Connect's save, then Make default: the server quick push uses. */
async function save(url: string, token: string) {
  await saveSettings({
    type: 'server',
    entry: {
      server: { kind: 'self-hosted', url },
      token: { value: token, place: 'device', origin: new URL(url).origin },
    },
  });
  await saveSettings({ type: 'default', url });
}

const versionRequests = () => seen.filter((request) => request.url.endsWith('/api/v2/version')).length;

/** Quick push's kept connections, which outlive the worker through storage.session. */
const keptConnection = () => {
  const kept = keptConnections({ versions: sessionVersions() });
  return kept.connectTo.bind(kept);
};

/** The connection, which without a destination is never refused. */
async function open(
  connect: ReturnType<typeof keptConnection>,
  destination?: Destination,
  loaded?: ReturnType<typeof loadSettings>,
) {
  const connection = await connect(destination, loaded);
  if ('refused' in connection) throw new Error(`refused: ${connection.refused}`);
  return connection;
}

async function quickCreate(connect: ReturnType<typeof keptConnection>, destination?: Destination) {
  const { client } = await open(connect, destination);
  return client.createPush({ kind: 'text', payload: 'a secret' });
}

describe('keptConnections, as quick push connects (the settings read for every push)', () => {
  it('asks the server its version once for every quick push made with the same settings', async () => {
    await save(SERVER_URL, ALICE.token);
    const connect = keptConnection();
    await quickCreate(connect);
    await quickCreate(connect);
    await quickCreate(connect);
    expect(versionRequests()).toBe(1);
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(3);
  });

  it('uses the new token at once when the user saves another one', async () => {
    await save(SERVER_URL, ALICE.token);
    const connect = keptConnection();
    await quickCreate(connect);
    await save(SERVER_URL, BOB.token);
    await quickCreate(connect);
    const creates = seen.filter((request) => request.method === 'POST');
    expect(creates.map((request) => request.headers.get('authorization'))).toEqual([
      `Bearer ${ALICE.token}`,
      `Bearer ${BOB.token}`,
    ]);
  });

  it('sends to the new default server at once, and asks that server its version', async () => {
    await save(SERVER_URL, ALICE.token);
    const connect = keptConnection();
    await quickCreate(connect);
    // Another token: one equal to a token saved for another origin is never sent (lib/connection/client.ts).
    await save(OTHER_URL, BOB.token);
    await quickCreate(connect);
    const creates = seen.filter((request) => request.method === 'POST');
    expect(creates.map((request) => new URL(request.url).origin)).toEqual([SERVER_URL, OTHER_URL]);
    expect(versionRequests()).toBe(2);
  });

  it('reads the push defaults afresh for every quick push, with the client kept', async () => {
    await save(SERVER_URL, ALICE.token);
    const connect = keptConnection();
    const first = await open(connect);
    await saveSettings({ type: 'defaults', defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 2 } });
    const second = await open(connect);
    expect(second.client).toBe(first.client);
    expect(first.settings.defaults.expireAfterViews).toBe(DEFAULT_PUSH_DEFAULTS.expireAfterViews);
    expect(second.settings.defaults.expireAfterViews).toBe(2);
  });

  it("lets a woken worker's first quick push use the version read earlier in the browser session", async () => {
    await save(SERVER_URL, ALICE.token);
    await quickCreate(keptConnection());
    // A new kept connection is what a service worker that stopped and started again has.
    await quickCreate(keptConnection());
    await quickCreate(keptConnection());
    expect(versionRequests()).toBe(1);
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(3);
  });

  it('keeps both answers when two contexts keep one at the same moment (a lock across contexts)', async () => {
    const version = { application_version: '2.1.0', api_version: '2.0', edition: 'commercial' };
    const [popup, worker] = [sessionVersions(), sessionVersions()];
    await Promise.all([popup.remember(SERVER_URL, version), worker.remember(OTHER_URL, version)]);
    expect(Object.keys(await popup.read()).sort()).toEqual([OTHER_URL, SERVER_URL].sort());
  });

  it('never gives one server the version another server answered', async () => {
    await save(SERVER_URL, ALICE.token);
    await quickCreate(keptConnection());
    await save(OTHER_URL, BOB.token);
    await quickCreate(keptConnection());
    const asked = seen.filter((request) => request.url.endsWith('/api/v2/version'));
    expect(asked.map((request) => new URL(request.url).origin)).toEqual([SERVER_URL, OTHER_URL]);
  });

  it('asks the server again when what storage.session holds is not a version answer', async () => {
    await save(SERVER_URL, ALICE.token);
    await quickPushVersionsItem.setValue({ [SERVER_URL]: { edition: 42 } });
    await quickCreate(keptConnection());
    expect(versionRequests()).toBe(1);
    expect(await quickPushVersionsItem.getValue()).toEqual({
      [SERVER_URL]: expect.objectContaining({ edition: 'commercial' }),
    });
  });

  it('uses the settings its caller read for the push, and reads them no second time', async () => {
    await save(SERVER_URL, ALICE.token);
    const connect = keptConnection();
    await open(connect);
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    const connection = await open(connect, undefined, loadSettings());
    expect(reads).toHaveBeenCalledTimes(1);
    expect(connection.target.destination).toEqual({ server: SERVER_URL });
  });
});

describe('keptConnections, as the popup connects (a read kept until the settings change)', () => {
  it('is ready for a send in the click’s own turn once the edition is known, with no request more', async () => {
    await save(SERVER_URL, ALICE.token);
    const kept = keptConnections();
    expect(kept.ready()).toBeUndefined();
    expect(await kept.edition()).toBe('pro');
    const ready = kept.ready();
    expect(ready?.edition).toBe('pro');
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect((await kept.connect()).client).toBe(ready?.client);
    expect(reads).not.toHaveBeenCalled(); // nothing changed: the read is used as it is
    expect(versionRequests()).toBe(1);
  });

  it('is not ready after a change of the settings requests are made from, and keeps the client when the target is the same', async () => {
    await save(SERVER_URL, ALICE.token);
    const kept = keptConnections();
    await kept.edition();
    const { client } = kept.ready()!;
    await saveSettings({ type: 'defaults', defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 3 } });
    await vi.waitFor(() => expect(kept.ready()).toBeUndefined());
    const again = await kept.connect();
    expect(again.settings.defaults.expireAfterViews).toBe(3);
    expect(again.client).toBe(client);
    expect(kept.ready()?.client).toBe(client);
    expect(versionRequests()).toBe(1);
  });

  it('sends with the new token once it is saved, never the one that was kept', async () => {
    await save(SERVER_URL, ALICE.token);
    const kept = keptConnections();
    await kept.edition();
    await save(SERVER_URL, BOB.token);
    await vi.waitFor(() => expect(kept.ready()).toBeUndefined());
    await (await kept.connect()).client.createPush({ kind: 'text', payload: 'a secret' });
    const creates = seen.filter((request) => request.method === 'POST');
    expect(creates.map((request) => request.headers.get('authorization'))).toEqual([`Bearer ${BOB.token}`]);
  });

  it('keeps one connection per saved server picked, each with its own token', async () => {
    await save(SERVER_URL, ALICE.token);
    await save(OTHER_URL, BOB.token);
    const kept = keptConnections();
    const [picked, fallback] = await Promise.all([kept.connect(SERVER_URL), kept.connect()]);
    expect(picked.target).toMatchObject({ baseUrl: SERVER_URL, token: ALICE.token });
    expect(fallback.target).toMatchObject({ baseUrl: OTHER_URL, token: BOB.token });
  });

  it('keeps no failed attempt: once a server is saved, the next call connects', async () => {
    await fakeBrowser.storage.local.set({ demoMode: false });
    const kept = keptConnections();
    await expect(kept.connect()).rejects.toThrow(/No server is saved/);
    await save(SERVER_URL, ALICE.token);
    expect((await kept.connect()).target.baseUrl).toBe(SERVER_URL);
  });
});
