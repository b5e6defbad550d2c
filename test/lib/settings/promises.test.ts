/**
 * Issue 18's findings, each reproduced where the settings model holds its promise: the request builder,
 * the options form's logic, the one save and the policy. (The options page itself, the popup and the
 * welcome page are tested in test/entrypoints; both browsers in test/journeys/options.journey.ts.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createApiClient } from '@/lib/api';
import { checkServer, saveServer } from '@/lib/connection/check';
import { isAppError } from '@/lib/errors';
import { createMockBackend, openMockStore, type MockHandler } from '@/lib/mock';
import {
  editServer,
  loadSettings,
  formAfter,
  initialForm,
  readSettings,
  saveSettings,
  SELF_HOSTED,
  typedUrl,
  typeFields,
  type ServerForm,
} from '@/lib/settings';
import { refreshPolicy } from '@/lib/settings/background';
import { parsePolicy } from '@/lib/settings/policy-parse';

const A = 'https://a.example';
const B = 'https://b.example';
const C = 'https://c.example';
const TOKENS: Record<string, string> = { [A]: 'token-a', [B]: 'token-b', [C]: 'token-c' };

let seen: Array<{ origin: string; authorization: string | null }>;
let backends: Record<string, MockHandler>;

beforeEach(async () => {
  seen = [];
  backends = {};
  for (const url of [A, B, C])
    backends[url] = createMockBackend({
      store: await openMockStore({ name: `promises-${url}-${Math.random()}` }),
      baseUrl: url,
      users: [{ email: `me@${new URL(url).host}`, token: TOKENS[url]! }],
      rateLimit: 0,
    });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const origin = new URL(request.url).origin;
    seen.push({ origin, authorization: request.headers.get('authorization') });
    return backends[origin]!(request);
  });
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
});

async function connect(url: string, place: 'device' | 'session' = 'device') {
  await saveServer({ url, token: TOKENS[url]!, tokenPlace: place });
}

/** The form as the options page holds it after a change made anywhere. */
async function followed(form: ServerForm): Promise<ServerForm> {
  return formAfter(form, (await readSettings()).settings);
}

async function typeUrl(form: ServerForm, url: string): Promise<ServerForm> {
  return typeFields(form, { choice: SELF_HOSTED, customUrl: url }, (await readSettings()).settings);
}

const test = (form: ServerForm) =>
  checkServer({ url: typedUrl(form.fields), token: form.fields.token, tokenPlace: form.fields.tokenPlace });

describe('finding 1: no token reaches a third server through the options form', () => {
  it('Make default on B, then C typed: Test connection sends C no token', async () => {
    await connect(A);
    await connect(B);
    let form = editServer((await readSettings()).settings, A);
    await saveSettings({ type: 'default', url: B });
    form = await followed(form);
    form = await typeUrl(form, C);
    expect(form.fields.token).toBe('');
    seen = [];
    await test(form);
    const toC = seen.filter((request) => request.origin === C);
    expect(toC.length).toBeGreaterThan(0);
    expect(toC.every((request) => request.authorization === null)).toBe(true);
  });

  it('Edit B, demo on and off, then C typed: C receives no token', async () => {
    await connect(A);
    await connect(B);
    let form = editServer((await readSettings()).settings, B);
    await saveSettings({ type: 'demo', on: true });
    form = await followed(form);
    await saveSettings({ type: 'demo', on: false });
    form = await followed(form);
    form = await typeUrl(form, C);
    seen = [];
    await test(form).catch(() => undefined);
    expect(seen.some((request) => request.origin === C && request.authorization !== null)).toBe(false);
  });

  it("refuses another server's saved token offered for a third origin, before any request", async () => {
    await connect(A);
    seen = [];
    const error = await checkServer({ url: C, token: TOKENS[A]!, tokenPlace: 'device' }).catch((e) => e);
    expect(isAppError(error, 'token-elsewhere')).toBe(true);
    expect(seen).toEqual([]);
  });

  it('sends no Authorization header to an origin the token is not bound to', async () => {
    const client = createApiClient({ baseUrl: C, token: TOKENS[A]!, tokenOrigin: A });
    await client.version();
    await client.activePage(1).catch(() => undefined);
    expect(seen.map((request) => request.authorization)).toEqual([null, null]);
  });
});

describe("finding 2: a policy's session token place holds for servers added later", () => {
  it('keeps the token of a server added under {tokenPlace: "session"} out of storage.local', async () => {
    await refreshPolicy(async () => ({ tokenPlace: 'session' }));
    const form = editServer((await readSettings()).settings, null);
    expect(form.fields.tokenPlace).toBe('session');
    await connect(A, 'device'); // whatever the form sent
    expect(await fakeBrowser.storage.local.get('serverTokens')).toEqual({ serverTokens: {} });
    const session = await fakeBrowser.storage.session.get('serverTokens');
    expect(session.serverTokens).toEqual({ [A]: { value: TOKENS[A], origin: A } });
  });
});

describe('finding 4: policy first', () => {
  it('reads the settings only once the background has stored the policy', async () => {
    await fakeBrowser.storage.local.remove('policy'); // a fresh install's first seconds
    expect((await readSettings()).policyRead).toBe(false);
    let settled = false;
    const read = loadSettings({ whole: true }).then((settings) => {
      settled = true;
      return settings;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    await refreshPolicy(async () => ({ serverUrl: A, lockServer: true, allowDemoMode: false }));
    const { settings } = await read;
    expect(settings.demoMode).toBe(false);
    expect(settings.server?.url).toBe(A);
  });

  it('stores the policy copy at the first read even when there is none', async () => {
    await fakeBrowser.storage.local.remove('policy');
    await refreshPolicy(async () => undefined);
    expect((await readSettings()).policyRead).toBe(true);
  });
});

describe('finding 6: servers hidden by lockServer keep no token', () => {
  it('erases the tokens of every server but the organization’s', async () => {
    await connect(A);
    await connect(B, 'session');
    await refreshPolicy(async () => ({ serverUrl: C, lockServer: true }));
    const { state } = await readSettings();
    expect(state.device).toEqual({});
    expect(state.session).toEqual({});
    // The servers themselves stay, for when the policy goes; their tokens do not come back.
    expect(state.list.servers.map((server) => server.url)).toEqual([A, B]);
  });

  it('refuses to add, remove or switch servers under the lock', async () => {
    await connect(A);
    await refreshPolicy(async () => ({ serverUrl: C, lockServer: true }));
    for (const action of [
      { type: 'remove', url: A },
      { type: 'default', url: A },
    ] as const)
      await expect(saveSettings(action)).rejects.toMatchObject({ code: 'validation' });
    await expect(connect(B)).rejects.toMatchObject({ code: 'validation' });
    await connect(C); // the organization's own server takes its token
    expect((await readSettings()).state.device[C]?.value).toBe(TOKENS[C]);
  });
});

describe('finding 7: a bad policy fails closed, not open', () => {
  it('keeps 20 notes and a count, and applies the valid values', () => {
    const managed: Record<string, unknown> = { serverUrl: A, allowDemoMode: false };
    for (let n = 0; n < 10_000; n += 1) managed[`bad${n}`] = 'x'.repeat(100);
    const state = parsePolicy(managed);
    expect(state.notes).toHaveLength(20);
    expect(state.notesLeftOff).toBe(9_980);
    expect(state.policy).toEqual({ serverUrl: A, allowDemoMode: false });
    expect(JSON.stringify(state).length).toBeLessThan(4_000);
  });
});

describe('finding 8: the options form at the seams', () => {
  it('never makes an added server the default', async () => {
    await connect(A);
    await connect(B);
    expect((await readSettings()).state.list.defaultUrl).toBe(A);
  });

  it('opens a blank form for a new server, and starts folded on the default once one is saved', async () => {
    expect(initialForm((await readSettings()).settings)).toMatchObject({ open: true, source: null });
    await connect(A);
    const { settings } = await readSettings();
    expect(initialForm(settings)).toMatchObject({ open: false, source: A });
    expect(editServer(settings, null).fields).toMatchObject({ customUrl: '', token: '' });
  });
});
