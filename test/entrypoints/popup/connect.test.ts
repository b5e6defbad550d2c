import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '@/lib/errors';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { initForm } from '@/lib/push/form';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import { saveSettings } from '@/lib/settings';
import { watchDb } from '@/lib/watch/db';
import { recordSent } from '@/lib/watch/outbox';
import { WATCH_DB_NAME } from '@/lib/watch/schema';

const SERVER_URL = 'https://pwpush.example.com';

/** A fresh connect.ts, so each test starts with no connection kept. */
async function freshConnect() {
  vi.resetModules();
  return import('@/entrypoints/popup/connect');
}

beforeEach(async () => {
  const store = await openMockStore({ name: `popup-connect-${Math.random()}` });
  const backend = createMockBackend({ store, baseUrl: SERVER_URL, edition: 'oss', users: [], rateLimit: 0 });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => backend(new Request(input, init)));
});

describe('the popup connection', () => {
  it('keeps no failed attempt: once a server is saved, the next call connects', async () => {
    const { detectEdition } = await freshConnect();
    await fakeBrowser.storage.local.set({ demoMode: false }); // demo mode off with no server: nothing to connect to
    const error = await detectEdition().catch((e: unknown) => e);
    expect(isAppError(error, 'internal')).toBe(true);

    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER_URL },
        token: { value: null, place: 'device', origin: new URL(SERVER_URL).origin },
      },
    });
    expect(await detectEdition()).toBe('oss');
  });

  it('keeps a connection until the settings change: a create never goes out with a token no longer saved', async () => {
    const user = { email: 'sam@example.com', token: 'token-saved-later' };
    const store = await openMockStore({ name: `popup-kept-${Math.random()}` });
    const backend = createMockBackend({
      store,
      baseUrl: SERVER_URL,
      edition: 'oss',
      users: [user],
      rateLimit: 0,
    });
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      asked.push(`${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
      return backend(request);
    });
    const { detectEdition, sendForm } = await freshConnect();
    const save = (token: string | null) =>
      saveSettings({
        type: 'server',
        entry: {
          server: { kind: 'self-hosted', url: SERVER_URL },
          token: { value: token, place: 'device', origin: new URL(SERVER_URL).origin },
        },
      });
    await save(null);
    expect(await detectEdition()).toBe('oss');
    expect(await detectEdition()).toBe('oss');
    expect(asked).toEqual(['/api/v2/version null']); // asked once
    await save(user.token);
    const state = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss', signedIn: true });
    await sendForm(
      { ...state, payload: 'secret' },
      { signal: new AbortController().signal, onProgress() {} },
    );
    expect(asked.at(-1)).toBe(`/api/v2/pushes Bearer ${user.token}`);
  });
});

describe('prepareSend', () => {
  it('asks the server its version once, for the connection the send then uses', async () => {
    const versions: string[] = [];
    const store = await openMockStore({ name: `popup-prepare-${Math.random()}` });
    const backend = createMockBackend({
      store,
      baseUrl: SERVER_URL,
      edition: 'oss',
      users: [],
      rateLimit: 0,
    });
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/api/v2/version') versions.push(request.method);
      return backend(request);
    });
    const { prepareSend, detectEdition } = await freshConnect();
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER_URL },
        token: { value: null, place: 'device', origin: new URL(SERVER_URL).origin },
      },
    });
    await prepareSend(undefined, true);
    expect(versions).toEqual(['GET']);
    expect(await detectEdition()).toBe('oss');
    expect(versions).toEqual(['GET']);
  });

  it('opens no database: the record after Create is the background’s, so the popup only connects', async () => {
    const { prepareSend } = await freshConnect(); // a fresh watcher database module too: nothing open yet
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER_URL },
        token: { value: null, place: 'device', origin: new URL(SERVER_URL).origin },
      },
    });
    const opened = vi.spyOn(indexedDB, 'open');
    await prepareSend(undefined, false);
    expect(opened.mock.calls.map(([name]) => name)).not.toContain(WATCH_DB_NAME);
    opened.mockRestore();
  });
});

describe('sendForm and the new push link (issue 9 #4)', () => {
  async function sendWith(htmlUrl: (real: string) => string, passphrase = '') {
    const store = await openMockStore({ name: `popup-link-${Math.random()}` });
    const backend = createMockBackend({
      store,
      baseUrl: SERVER_URL,
      edition: 'oss',
      users: [],
      rateLimit: 0,
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await backend(new Request(input, init));
      if (init?.method !== 'POST') return answer;
      const body = await answer.json();
      return Response.json({ ...body, html_url: htmlUrl(body.html_url) }, { status: answer.status });
    });
    await saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: SERVER_URL },
        token: { value: null, place: 'device', origin: new URL(SERVER_URL).origin },
      },
    });
    const { sendForm } = await freshConnect();
    const state = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss', signedIn: false });
    return sendForm(
      { ...state, payload: 'secret', options: { ...state.options, passphrase } },
      { signal: new AbortController().signal, onProgress: () => {} },
    );
  }

  it('passes a link on the server', async () => {
    const sent = await sendWith((real) => real);
    expect(sent.link).toEqual({ ok: true, url: sent.push.html_url });
  });

  it('answers once the push is handed to the background (a popup closed as its link shows loses none), and the background records it', async () => {
    // The open-source edition echoes the passphrase in clear: the hand-over holds only that there is one.
    const sent = await sendWith((real) => real, 'correct horse battery');
    expect(sent.push.passphrase).toBe('correct horse battery');
    const session = await fakeBrowser.storage.session.get(null);
    expect(JSON.stringify(session)).toContain(sent.push.url_token);
    expect(JSON.stringify(session)).not.toContain('correct horse battery');
    expect(await (await watchDb()).getAll('pushes')).toEqual([]); // not the popup's write

    await recordSent();
    const cached = await (await watchDb()).getAll('pushes');
    expect(cached.map((push) => [push.url_token, push.has_passphrase])).toEqual([
      [sent.push.url_token, true],
    ]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it.each([
    ['javascript:', () => 'javascript:alert(1)', 'unsafe-link'],
    ['another origin', (real: string) => real.replace(SERVER_URL, 'https://evil.example'), 'host-mismatch'],
  ])('refuses a %s link', async (_name, htmlUrl, code) => {
    expect((await sendWith(htmlUrl)).link).toMatchObject({ ok: false, code });
  });
});
