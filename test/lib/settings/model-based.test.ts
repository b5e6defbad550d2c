/**
 * The settings model and the options form's logic under random sequences of what a person, another tab,
 * an organization and an update do (issue 18): add, edit, type a URL, type a token, Test connection,
 * Connect, Make default, Remove, demo on or off, moving a token between device and session, saving the
 * push defaults, "copy on create", the demo token arriving, a policy arriving, changing or going, a
 * migration from version 1, and a second tab saving. And what an attacker or an accident does to the token's
 * way (issue 40): another server's saved token pasted into the form, a server (or the one in force) that
 * redirects to another origin, a policy moving the server while a page shows what it loaded, version 1's
 * token saved for another server, the watcher and a file upload sending meanwhile. Requests go to the real
 * mock service of each origin (and a fourth, no one's), through a recording transport that follows or stops
 * at redirects as each browser does. After every step the promises are checked:
 * - no request carried a token to an origin other than its own;
 * - tokens are only where the policy and the user put them;
 * - the default changed only when asked;
 * - a locked server did not change;
 * - the defaults in force are the user's with the organization's in their place, and the user's own
 *   survive the policy (a managed field keeps what the user had saved);
 * - a token moved between device and session is the same token, in the place asked for, or the policy's;
 * - "copy on create" and the demo token are what was last saved (the demo token goes to no server);
 * - every other preference (the watcher's interval, notifications and badge, the clipboard's delay, the
 *   failed-attempt alerts, the generator's choices, the chat-preview guard) is what was last saved and
 *   accepted, read back whole from what an older version stored, and in force under the policy (the
 *   organization's interval), the user's own kept; saving one wakes no follower of the settings a request
 *   is made from; a push from a chat app's tab is guarded exactly while the guard is on;
 * - the presets (issue 39): the user's own list is what was last saved, its first preset's options the
 *   defaults (a defaults save lands in it); the list in force is the user's first with the organization's
 *   defaults, the organization's presets (locked, as its policy lists them), then the user's others; no
 *   preset of the organization's is ever stored;
 * - the popup, open through the steps (it readies a push as its form is filled, and keeps its connection),
 *   sends a create where the settings say now, with the token saved for that server now; so does a quick
 *   push over the background's kept connections (the same cache, lib/connection/client.ts), and a file push
 *   where uploads run; a token saved for another origin than its server's is refused, not sent, and a
 *   server answering with a redirect gets at most that one create, never followed.
 * Seeded and bounded here; `npm run fuzz` runs it at length (SETTINGS_MODEL_RUNS).
 */
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { checkServer, saveServer } from '@/lib/connection/check';
import { createMockBackend, openMockStore, type MockHandler } from '@/lib/mock';
import {
  DEFAULT_PREFERENCES,
  DEFAULT_PUSH_DEFAULTS,
  editServer,
  followSettings,
  formAfter,
  initialForm,
  presetFromDefaults,
  PRESETS_MAX,
  readSettings,
  saveSettings,
  SELF_HOSTED,
  typedUrl,
  typeFields,
  formFrom,
  type Policy,
  type Preferences,
  type SettingsAction,
  type PushDefaults,
  type Preset,
  type ServerForm,
} from '@/lib/settings';
import { refreshPolicy } from '@/lib/settings/background';
import { savePresets } from '@/lib/settings/defaults';
import { defaultsOf } from '@/lib/settings/presets';
import { firstPreset, presetFit } from '@/lib/presets';
import { quickCreateInput } from '@/lib/quick-push/pusher';
import { loadSettings } from '@/lib/settings/read';
import { targetBaseUrl, targetToken } from '@/lib/connection/target';
import {
  connectSaved,
  createAndRecord,
  keptConnections,
  sessionVersions,
  type KeptConnections,
} from '@/lib/connection';
import { initForm } from '@/lib/push/form';
import { readChoice, saveChoice, validChoice, type GeneratorChoice } from '@/lib/generator';
import { guardFor } from '@/lib/chat-guard';
import { connectAllFromSettings } from '@/lib/watch/background';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { refreshFollowed } from '@/lib/watch/refresh';
import { createRunner } from '@/lib/upload/runner';
import type { FromRunner, UploadState } from '@/lib/upload/protocol';
import { ORIGINS, ownerOf, tokensOf, tokensWherePut } from './model';

/** A fourth origin, no one's account: a redirect may send a request there, and what reaches it is recorded. */
const ELSEWHERE = 'https://d.example';
const SERVICES = [...ORIGINS, ELSEWHERE];

const RUNS = Number(process.env.SETTINGS_MODEL_RUNS ?? 60);
const SEED = Number(process.env.SETTINGS_MODEL_SEED ?? 18);
/** Shrink a failure to its fewest actions (slow: a layer's removal is reported with it, issue 40). */
const SHRINK = process.env.SETTINGS_MODEL_SHRINK === '1';

interface Recorded {
  origin: string;
  authorization: string | null;
  /** A create (POST /api/v2/pushes). */
  create: boolean;
}

/** What the checks compare against: what the person and the organization asked for, step by step. */
interface Model {
  /** The default server as only the person's actions may change it (null: none saved). */
  defaultUrl: string | null;
  policy: Policy | null;
  /** Under lockServer: the saved servers as they were when the lock arrived. */
  lockedList: string | null;
  /** The push defaults as the user saved them, before the organization's are put in their place. */
  userDefaults: PushDefaults;
  /** The user's own presets as saved (the first one's options are userDefaults). */
  userPresets: Preset[];
  copyOnCreate: boolean;
  demoToken: string | null;
  /** The preferences as the user saved them (the organization's interval is put in its place on reading). */
  preferences: Preferences;
  /** What storage.managed holds now (undefined: no policy), read again by every start of the background. */
  managed: Record<string, unknown> | undefined;
  /**
   * A version 1 token saved for another origin than its server's (the server changed after the token was
   * saved): migrated as it was, bound to its own origin under that server, so never sent to it.
   */
  stray: { url: string; token: string } | null;
}

interface Real {
  form: ServerForm | null;
  requests: Recorded[];
  /** The popup's API side (entrypoints/popup/connect.ts), one instance for the whole run: one open popup. */
  popup: typeof import('@/entrypoints/popup/connect');
  /** Quick push's kept connections (lib/connection/client.ts), one background for the whole run. */
  quick: KeptConnections;
  /** Tokens the person pasted into the form (another server's saved one among them), since it was opened. */
  pasted: Set<string>;
}

let backends: MockHandler[] = [];
let requests: Recorded[] = [];
let steps = 0;
/** The browser this run's fetch behaves as (browserFetch: they differ in a redirect followed). */
let browser: 'chromium' | 'firefox' = 'chromium';
/** The origins that answer every request with a redirect to the same path on another origin, this run. */
const redirecting = new Map<string, { status: number; to: string }>();

/** What one origin answers (its mock service, or a redirect while it redirects), every request recorded. */
async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // A create with its push (upload's redirect probe, lib/api/upload.ts, sends the same request bodiless).
  const create = request.method === 'POST' && url.pathname === '/api/v2/pushes' && request.body !== null;
  requests.push({ origin: url.origin, authorization: request.headers.get('authorization'), create });
  const moved = redirecting.get(url.origin);
  if (moved)
    return new Response(null, {
      status: moved.status,
      headers: { location: moved.to + url.pathname + url.search },
    });
  const index = SERVICES.indexOf(url.origin);
  if (index < 0) throw new TypeError('Failed to fetch');
  return backends[index]!(request);
}

/** What a browser's fetch gives for `redirect: 'manual'` at a 3xx: nothing readable, status 0. */
function opaqueRedirect(): Response {
  const response = new Response(null);
  Object.defineProperties(response, {
    type: { value: 'opaqueredirect' },
    status: { value: 0 },
    ok: { value: false },
  });
  return response;
}

/**
 * fetch as a browser runs it (the Fetch standard's HTTP-redirect fetch), over `answer`: `redirect: 'manual'`
 * stops at a 3xx with an opaque redirect; 'follow' (fetch's default, and what an XHR does) follows up to 20
 * hops, a 301/302 POST or any 303 going on as a bodiless GET, a 307/308 with its method and body. From the
 * first hop to another origin on, Firefox (111 on) leaves Authorization off, as the standard says since 2022;
 * Chromium keeps it (MDN's compatibility data, fetch.authorization_removed_cross_origin): each run is one
 * of them. The product asks for 'manual' (lib/api/transport.ts): removing that is what would make this follow.
 */
async function browserFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  return (await followed(input, init)).response;
}

/** browserFetch's exchange, with the URL its answer came from (an XHR's responseURL). */
async function followed(
  input: RequestInfo | URL,
  init: RequestInit,
): Promise<{ response: Response; url: string }> {
  const first = new Request(input, init);
  let url = first.url;
  let method = first.method;
  // As given: a Request made of a FormData body has its boundary in Content-Type, and each hop makes its own.
  const headers = new Headers(input instanceof Request ? input.headers : init.headers);
  let body = init.body ?? null;
  for (let hops = 0; ; hops += 1) {
    const response = await answer(new Request(url, { method, headers, body, signal: init.signal }));
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return { response, url };
    if (first.redirect === 'manual') return { response: opaqueRedirect(), url };
    if (first.redirect === 'error' || hops === 20) throw new TypeError('Failed to fetch');
    const next = new URL(location, url);
    const keepsBody = response.status === 307 || response.status === 308;
    if ((!keepsBody && method === 'POST') || (response.status === 303 && !['GET', 'HEAD'].includes(method))) {
      method = 'GET';
      body = null;
      for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language'])
        headers.delete(name);
    }
    if (browser === 'firefox' && next.origin !== new URL(url).origin) headers.delete('authorization');
    url = next.href;
  }
}

const progressEvent = (type: string, bytes: number) =>
  Object.assign(new Event(type), { loaded: bytes, total: bytes, lengthComputable: true });

/**
 * XMLHttpRequest as a browser runs it for an upload (lib/api/upload.ts createUploadFetch), over the same
 * exchange: it always follows redirects (the whole request, body and headers as browserFetch says, reaches
 * wherever they lead before any answer is seen), then tells the headers (readyState 2, responseURL), then
 * the body. Node has none: uploads run in a page (the offscreen document, Firefox's background page).
 */
class BrowserXhr extends EventTarget {
  readyState = 0;
  status = 0;
  statusText = '';
  responseURL = '';
  response: ArrayBuffer | null = null;
  withCredentials = false;
  responseType = '';
  readonly upload = new EventTarget();
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private answered?: Response;
  private aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  getAllResponseHeaders(): string {
    return [...(this.answered?.headers ?? [])].map(([name, value]) => `${name}: ${value}`).join('\r\n');
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  send(body: BodyInit | null): void {
    const init = { method: this.method, headers: this.headers, body, redirect: 'follow' as const };
    followed(this.url, init).then(
      async ({ response, url }) => {
        if (this.aborted) return;
        // All of the body is sent before the answer (its size is not modelled: told as one whole).
        this.upload.dispatchEvent(progressEvent('load', 1));
        this.answered = response;
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseURL = url;
        this.readyState = 2;
        this.dispatchEvent(new Event('readystatechange'));
        if (this.aborted) return;
        this.response = await response.arrayBuffer();
        this.readyState = 4;
        this.dispatchEvent(new Event('readystatechange'));
        this.dispatchEvent(new Event('load'));
      },
      () => {
        if (!this.aborted) this.dispatchEvent(new Event('error'));
      },
    );
  }
}

beforeEach(async () => {
  requests = [];
  backends = await Promise.all(
    SERVICES.map(async (baseUrl, index) =>
      createMockBackend({
        store: await openMockStore({ name: `model-${index}-${Math.random()}` }),
        baseUrl,
        // The fourth service has no account: no token is its.
        users:
          baseUrl === ELSEWHERE
            ? []
            : tokensOf(index).map((token, n) => ({ email: `u${n}@${index}.example`, token })),
        rateLimit: 0,
        logError: () => undefined,
      }),
    ),
  );
  // The recording transport: every request of every client (every hop of a redirect followed), with the
  // Authorization it carried, through fetch as a browser runs it.
  vi.stubGlobal('fetch', browserFetch);
  vi.stubGlobal('XMLHttpRequest', BrowserXhr);
  // fakeBrowser implements no permissions: the person grants every host access asked for.
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
});

afterAll(() => {
  vi.unstubAllGlobals();
  console.info(`settings model: ${steps} steps checked`);
});

/**
 * A send made since `from` (the popup's or a quick push's) went where the settings send now, with the token
 * saved for that server now, once; nothing went out over fetch in demo mode or with no server. A token
 * saved for another origin than the server's is refused before any request (assertTokenFor), not sent, nor
 * sent without it; a server that answers with a redirect gets at most that one create, and the send fails.
 */
async function sentWhereSettingsSay(real: Real, from: number, sent: unknown) {
  const creates = real.requests.slice(from).filter((request) => request.create);
  const now = await loadSettings();
  const target = targetBaseUrl(now);
  // Where the settings send now (the demo service is not reached over fetch, so nothing goes out then).
  if (now.demoMode || target === null) return expect(creates).toEqual([]);
  const token = targetToken(now);
  const origin = new URL(target).origin;
  if (token !== null && now.tokenOrigin !== origin) {
    const what = `a send with ${token} (saved for ${now.tokenOrigin}) to ${origin}: ${JSON.stringify(creates)}`;
    expect(creates, what).toEqual([]);
    return expect(sent).toBeUndefined();
  }
  const expected = { origin, authorization: token && `Bearer ${token}`, create: true };
  if (redirecting.has(origin)) {
    // Asked once (when the version was known) and answered with a redirect: not followed, not the API.
    expect(creates.length, `a create followed ${origin}'s redirect`).toBeLessThanOrEqual(1);
    expect(creates.filter((create) => JSON.stringify(create) !== JSON.stringify(expected))).toEqual([]);
    return expect(sent, `a push sent through ${origin}'s redirect`).toBeUndefined();
  }
  expect(creates).toEqual([expected]);
  expect(sent).toBeDefined();
}

/** The form as the page holds it after any change: followed from what is stored now. */
async function follow(real: Real): Promise<void> {
  const { settings } = await readSettings();
  real.form = real.form ? formAfter(real.form, settings) : initialForm(settings);
}

const ignore = () => undefined; // a refused or failed action is an outcome, checked by the invariants

/** The default as stored, after `action`, when the person did not ask for another. */
async function storedDefault(): Promise<string | null> {
  return (await readSettings()).state.list.defaultUrl;
}

/** The checks that hold after every step. */
async function checkPromises(model: Model, real: Real): Promise<void> {
  steps += 1;
  // 1. No request carried a token to an origin other than its own. The one exception is none of the
  // extension's: a token the person pasted into the form that no saved server holds any more (removed, or
  // dropped by a policy's lock) is one the extension cannot tell from theirs for the address they typed.
  const read = await readSettings();
  const { list, device, session } = read.state;
  const held = new Set([...Object.values(device), ...Object.values(session)].map((bound) => bound.value));
  for (const { origin, authorization } of real.requests.splice(0)) {
    if (authorization === null) continue;
    const token = authorization.replace(/^Bearer /, '');
    if (real.pasted.has(token) && !held.has(token)) continue;
    expect(ownerOf(token), `${token} went to ${origin}`).toBe(origin);
  }
  // 2. Tokens only where the policy and the user put them.
  const policy = model.policy ?? {};
  // Version 1's stray token (saved for another server) stays bound to its own origin.
  tokensWherePut(read.state, policy, model.stray ?? undefined);
  // 3. The default changed only when asked.
  expect(list.defaultUrl).toBe(model.defaultUrl);
  // 4. A locked server did not change (the organization's own may gain its token and edition).
  if (model.lockedList !== null) {
    const others = list.servers.filter((server) => server.url !== policy.serverUrl);
    expect(JSON.stringify(others.map((server) => server.url))).toBe(model.lockedList);
  }
  // 5. The defaults in force are the user's with the organization's in their place; the user's own are kept.
  expect(read.defaults).toEqual(model.userDefaults);
  expect(read.settings.defaults).toEqual({ ...model.userDefaults, ...policy.defaults });
  // 5a. The presets: the user's own as saved, the first giving the defaults; in force with the
  // organization's defaults in the first and its presets, locked, after it; none of its stored.
  expect(read.presets).toEqual(model.userPresets);
  const [first, ...rest] = model.userPresets;
  expect(defaultsOf(first, model.userDefaults)).toEqual(model.userDefaults);
  const managedPresets = Array.isArray(model.managed?.presets)
    ? (model.managed.presets as ManagedPreset[])
    : [];
  const inForce = read.settings.presets ?? [];
  expect(inForce[0]).toEqual({ ...first, ...policy.defaults });
  expect(
    inForce.filter((preset) => preset.locked).map((preset) => [preset.name, preset.expireAfterViews]),
  ).toEqual(managedPresets.map((preset) => [preset.name, preset.expireAfterViews]));
  expect(inForce.slice(1 + managedPresets.length)).toEqual(rest);
  const stored = (await fakeBrowser.storage.local.get('presets')).presets as Preset[] | undefined;
  expect((stored ?? []).some((preset) => preset.locked)).toBe(false);
  // 5b. Every other preference: the user's own as saved, and in force with the organization's interval.
  expect(read.savedPreferences).toEqual(model.preferences);
  expect(read.preferences).toEqual({
    ...model.preferences,
    watch: {
      ...model.preferences.watch,
      intervalMinutes: policy.watchIntervalMinutes ?? model.preferences.watch.intervalMinutes,
    },
  });
  expect(await readChoice()).toEqual(validChoice(model.preferences.generatorChoice));
  // A push made from a chat app's tab is guarded exactly while the guard is on as last saved.
  expect(guardFor('https://app.slack.com/client/T1', read.preferences)?.id).toBe(
    model.preferences.chatGuard ? 'slack' : undefined,
  );
  // 6. What was last saved, and the demo token in no server's token map.
  expect(read.copyOnCreate).toBe(model.copyOnCreate);
  expect(read.demoToken).toBe(model.demoToken);
  const saved = [...Object.values(device), ...Object.values(session)].map((bound) => bound.value);
  if (model.demoToken !== null) expect(saved).not.toContain(model.demoToken);
  // The form's token field never holds a token of another origin than the one its address names (version
  // 1's stray token included), unless the person pasted it there.
  const shown = real.form?.fields.token.trim() ?? '';
  if (real.form?.open && shown !== '' && !real.pasted.has(shown)) {
    let named: string | undefined;
    try {
      named = new URL(typedUrl(real.form.fields)).origin;
    } catch {
      named = undefined;
    }
    const token = real.form.fields.token.trim();
    if (named !== undefined) expect(ownerOf(token), `the form shows ${token} for ${named}`).toBe(named);
  }
}

type Command = fc.AsyncCommand<Model, Real, true>;
type ManagedPreset = { name: string; expireAfterViews: number };

const command = (name: string, run: (model: Model, real: Real) => Promise<void>): Command => ({
  check: async () => true,
  run: async (model, real) => {
    await run(model, real);
    await follow(real);
    await checkPromises(model, real);
  },
  toString: () => name,
});

const origin = fc.integer({ min: 0, max: ORIGINS.length - 1 });

/**
 * Saves a preference as a page does: refused (a choice not offered) leaves every preference as it was;
 * accepted, `expected` is what the user's own preferences are now. Either way no follower of the settings
 * a request is made from (the popup's connection, the options form, the watcher's server list) wakes.
 */
async function savePreference(model: Model, action: SettingsAction, expected: Preferences | null) {
  const woken = vi.fn();
  const stop = followSettings(woken);
  const saved = await saveSettings(action).then(
    () => true,
    () => false,
  );
  stop();
  expect(saved).toBe(expected !== null);
  if (expected) model.preferences = expected;
  expect(woken).not.toHaveBeenCalled();
}

const generatorChoice: fc.Arbitrary<GeneratorChoice> = fc.record({
  mode: fc.constantFrom('characters', 'words'),
  characters: fc.record({
    length: fc.integer({ min: 8, max: 128 }),
    upper: fc.boolean(),
    lower: fc.boolean(),
    digits: fc.boolean(),
    symbols: fc.boolean(),
    avoidAmbiguous: fc.boolean(),
  }),
  words: fc.record({
    count: fc.integer({ min: 3, max: 12 }),
    separator: fc.constantFrom('-', ' ', '.', '_'),
    capitalize: fc.boolean(),
    number: fc.boolean(),
  }),
});

const preferenceCommands = [
  fc
    .record(
      {
        intervalMinutes: fc.constantFrom(1, 5, 15, 60, 7),
        notifications: fc.boolean(),
        badge: fc.constantFrom('unseen' as const, 'active' as const),
      },
      { requiredKeys: [] },
    )
    .map((patch) =>
      command(`Watch ${JSON.stringify(patch)}`, async (model) => {
        const next = { ...model.preferences.watch, ...patch };
        const offered = [1, 5, 15, 60].includes(next.intervalMinutes);
        // The options page shows the organization's interval disabled: the user's own stays saved.
        if (model.policy?.watchIntervalMinutes !== undefined)
          next.intervalMinutes = model.preferences.watch.intervalMinutes;
        const expected = offered ? { ...model.preferences, watch: next } : null;
        await savePreference(model, { type: 'watch', patch }, expected);
      }),
    ),
  fc.constantFrom(0, 30, 60, 120, 300, 45).map((seconds) =>
    command(`Clear the clipboard after ${seconds} s`, async (model) => {
      const expected = seconds === 45 ? null : { ...model.preferences, clipboardClearSeconds: seconds };
      await savePreference(model, { type: 'clipboardClear', seconds }, expected);
    }),
  ),
  fc.boolean().map((on) =>
    command(`Failed-attempt alerts ${on ? 'on' : 'off'}`, async (model) => {
      await savePreference(model, { type: 'failedAlerts', on }, { ...model.preferences, failedAlerts: on });
    }),
  ),
  fc.boolean().map((on) =>
    command(`Chat-preview guard ${on ? 'on' : 'off'}`, async (model) => {
      await savePreference(model, { type: 'chatGuard', on }, { ...model.preferences, chatGuard: on });
    }),
  ),
  generatorChoice.map((choice) =>
    command(`Generator ${JSON.stringify(choice)}`, async (model) => {
      await saveChoice(choice);
      // A choice that makes nothing (no kind of character) is saved as the defaults.
      model.preferences = { ...model.preferences, generatorChoice: validChoice(choice) };
      expect(await readChoice()).toEqual(validChoice(choice));
    }),
  ),
  fc.record({ intervalMinutes: fc.constantFrom(1, 5, 15, 60), notifications: fc.boolean() }).map((old) =>
    command(`An older version stored watch settings ${JSON.stringify(old)}`, async (model) => {
      // Before the badge was a choice: read with the default badge, nothing else lost.
      await fakeBrowser.storage.local.set({ watchSettings: old });
      model.preferences = { ...model.preferences, watch: { ...old, badge: 'unseen' } };
    }),
  ),
];

/** Test connection on what the form shows (refused or failed: an outcome the invariants check). */
async function clickTest(form: ServerForm): Promise<void> {
  const { token, tokenPlace } = form.fields;
  await checkServer({ url: typedUrl(form.fields), token, tokenPlace }).catch(ignore);
}

/** Connect on what the form shows: saved, the form folds on the server saved. */
async function clickConnect(model: Model, real: Real, form: ServerForm): Promise<void> {
  const { token, tokenPlace } = form.fields;
  const saved = await saveServer({ url: typedUrl(form.fields), token, tokenPlace }).catch(ignore);
  if (!saved) return;
  // The first server saved becomes the default; any later one does not.
  model.defaultUrl ??= saved.baseUrl;
  real.form = formFrom((await readSettings()).settings, saved.baseUrl, false);
}

/** A policy arriving (the background reads storage.managed and stores the settings under it). */
async function policyArrives(model: Model, managed: Record<string, unknown>): Promise<void> {
  const lockedFor = model.policy?.lockServer ? model.policy.serverUrl : undefined;
  await refreshPolicy(async () => managed);
  model.managed = managed;
  model.policy = (await readSettings()).policy?.policy ?? null;
  if (model.policy?.lockServer && model.policy.serverUrl) {
    // A lock that arrives, or moves to another server, fixes the list as it is then.
    if (lockedFor !== model.policy.serverUrl) {
      const { list } = (await readSettings()).state;
      model.lockedList = JSON.stringify(
        list.servers.filter((s) => s.url !== model.policy!.serverUrl).map((s) => s.url),
      );
    }
  } else model.lockedList = null;
}

/** The popup's Create, with the form filled as a person does, and where it went checked. */
async function popupSends(real: Real): Promise<void> {
  const from = real.requests.length;
  const form = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });
  const options = { signal: new AbortController().signal, onProgress: ignore };
  const sent = await real.popup.sendForm({ ...form, payload: 'model secret' }, options).catch(ignore);
  await sentWhereSettingsSay(real, from, sent);
}

/** A policy that moves the server in force to another origin, or locks the servers to it. */
const movingPolicy = fc.record({ serverUrl: fc.constantFrom(...ORIGINS), lockServer: fc.boolean() });

/** A file push, sent where uploads run (the offscreen document, Firefox's background page). */
const fileSent = fc.constant(
  command('A file push is sent where uploads run', async (_model, real) => {
    // Offered by the popup to a signed-in server only (file pushes need a token).
    const now = await loadSettings();
    if (now.demoMode || targetToken(now) === null) return;
    // Handed over as the popup does: with the version its kept client read, asked now only if it never was
    // (a failure there, and the popup hands nothing over).
    const version = await real.quick
      .connect()
      .then(({ client }) => client.version())
      .catch(ignore);
    if (!version) return;
    const from = real.requests.length;
    const ended = new Promise<UploadState>((resolve) => {
      const runner = createRunner({
        channel: {
          postMessage: (message: FromRunner) => {
            if (message.type === 'state' && message.upload && message.upload.status !== 'sending')
              resolve(message.upload);
          },
        },
        // As the background answers the offscreen document (lib/upload/background.ts).
        connect: async (server) => (await connectSaved(server)).settings,
        record: async () => undefined,
        untaken: async () => undefined,
        setTimeout: () => undefined,
      });
      const data = new Blob(['model secret']);
      const input = { kind: 'file' as const, files: [{ name: 'secret.txt', type: 'text/plain', data }] };
      runner.receive({ type: 'start', id: `upload-${steps}`, job: { input, version } });
    });
    const end = await ended;
    await sentWhereSettingsSay(real, from, end.status === 'done' ? end : undefined);
  }),
);

/**
 * What an attacker or an accident does to the token's way (issue 40): another server's saved token pasted
 * into the form, a server that redirects to another origin, a policy moving the server while a page shows
 * what it loaded before, the watcher following every saved server. The layers each relies on: README,
 * "The token's layers, seen by the model-based test".
 */
const chokeCommands = [
  origin.map((index) =>
    command(`Paste ${ORIGINS[index]!}'s saved token`, async (_model, real) => {
      if (!real.form?.open) return;
      // Copied from where the person keeps it (that server's token page, a password manager) into the
      // fields, whatever address they name or will name.
      const { state, settings } = await readSettings();
      const url = ORIGINS[index]!;
      const token = (state.device[url] ?? state.session[url])?.value;
      if (token === undefined) return;
      real.form = typeFields(real.form, { token }, settings);
      real.pasted.add(token);
    }),
  ),
  fc.tuple(origin, origin, fc.boolean()).map(([from, to, connect]) =>
    command(
      `Paste ${ORIGINS[from]!}'s saved token into the form for ${ORIGINS[to]!}, then ${connect ? 'Connect' : 'Test connection'}`,
      async (model, real) => {
        const { state, settings } = await readSettings();
        const token = (state.device[ORIGINS[from]!] ?? state.session[ORIGINS[from]!])?.value;
        if (token === undefined) return;
        // Into the form as it is open (a new server's, or one being edited), or Add a server's.
        if (!real.form?.open) {
          real.form = editServer(settings, null);
          real.pasted.clear();
        }
        real.form = typeFields(real.form, { choice: SELF_HOSTED, customUrl: ORIGINS[to]! }, settings);
        real.form = typeFields(real.form, { token }, settings);
        real.pasted.add(token);
        await (connect ? clickConnect(model, real, real.form) : clickTest(real.form));
      },
    ),
  ),
  fc
    .tuple(origin, fc.constantFrom(301, 302, 307, 308), fc.integer({ min: 0, max: ORIGINS.length }))
    .map(([index, status, to]) => {
      const from = ORIGINS[index]!;
      // Another of the test's servers, or the fourth origin (also for a server "sent to itself").
      const elsewhere = SERVICES[to === index ? ORIGINS.length : to]!;
      return command(`${from} redirects every request (${status}) to ${elsewhere}`, async () => {
        redirecting.set(from, { status, to: elsewhere });
      });
    }),
  fc.tuple(fc.constantFrom(301, 302, 307, 308), fc.constantFrom(...SERVICES)).map(([status, to]) =>
    command(
      `The server in force redirects every request (${status}) to ${to} (if itself: ${ELSEWHERE})`,
      async () => {
        // The one the popup, quick push and uploads send to now (moved to another host, or taken over).
        const target = targetBaseUrl(await loadSettings());
        if (target === null) return;
        const from = new URL(target).origin;
        redirecting.set(from, { status, to: to === from ? ELSEWHERE : to });
      },
    ),
  ),
  origin.map((index) =>
    command(`${ORIGINS[index]!} answers again`, async () => {
      redirecting.delete(ORIGINS[index]!);
    }),
  ),
  fc.constant(
    command('The watcher refreshes every server it follows', async () => {
      if ((await loadSettings()).demoMode) return;
      // Its log of a server it does not follow (a token saved for another origin) is not this test's output.
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // With no server and demo mode off (a policy forbids it) it follows none: nothing is asked.
      const followed = await connectAllFromSettings()
        .catch(() => [])
        .finally(() => logged.mockRestore());
      const cacheFor = (account: string) => idbCache(watchDb, account);
      await refreshFollowed(followed, { cacheFor, clock: Date.now, force: true });
    }),
  ),
  // Three times as likely as one action: it needs a signed-in server, and one that redirects, before it.
  ...Array.from({ length: 3 }, () => fileSent),
  fc.tuple(movingPolicy, fc.boolean()).map(([managed, connect]) =>
    command(
      `Policy ${JSON.stringify(managed)} while the options page shows its form, then ${connect ? 'Connect' : 'Test connection'} with what it showed`,
      async (model, real) => {
        const shown = real.form;
        await policyArrives(model, managed);
        if (shown?.open) await (connect ? clickConnect(model, real, shown) : clickTest(shown));
      },
    ),
  ),
  movingPolicy.map((managed) =>
    command(
      `Policy ${JSON.stringify(managed)} while the popup is open, which then sends`,
      async (model, real) => {
        // Readied before the policy came: the connection of the server in force then.
        await real.popup.prepareSend(undefined, false).catch(ignore);
        await policyArrives(model, managed);
        await popupSends(real);
      },
    ),
  ),
];

const commands = [
  fc.constant(
    command('Add a server', async (_model, real) => {
      real.form = editServer((await readSettings()).settings, null);
      real.pasted.clear();
    }),
  ),
  origin.map((index) =>
    command(`Edit ${ORIGINS[index]!}`, async (_model, real) => {
      const { settings } = await readSettings();
      if (!settings.servers.some((server) => server.url === ORIGINS[index]!)) return;
      real.form = editServer(settings, ORIGINS[index]!);
      real.pasted.clear();
    }),
  ),
  origin.map((index) =>
    command(`Type URL ${ORIGINS[index]!}`, async (_model, real) => {
      if (!real.form?.open) return;
      const { settings } = await readSettings();
      real.form = typeFields(real.form, { choice: SELF_HOSTED, customUrl: ORIGINS[index]! }, settings);
    }),
  ),
  fc.tuple(fc.integer({ min: 0, max: 1 }), fc.boolean()).map(([n, empty]) =>
    command(`Type token ${empty ? '(none)' : n}`, async (_model, real) => {
      if (!real.form?.open) return;
      // A person types the token of the server they typed: the one its token page showed them.
      let index: number;
      try {
        index = ORIGINS.indexOf(new URL(typedUrl(real.form.fields)).origin as (typeof ORIGINS)[number]);
      } catch {
        return;
      }
      if (index < 0) return;
      const { settings } = await readSettings();
      real.form = typeFields(real.form, { token: empty ? '' : tokensOf(index)[n]! }, settings);
    }),
  ),
  fc.constantFrom('device', 'session').map((place) =>
    command(`Choose ${place}`, async (_model, real) => {
      if (!real.form?.open) return;
      const { settings } = await readSettings();
      real.form = typeFields(real.form, { tokenPlace: place }, settings);
    }),
  ),
  fc.constant(
    command('Test connection', async (_model, real) => {
      if (real.form?.open) await clickTest(real.form);
    }),
  ),
  fc.constant(
    command('Connect', async (model, real) => {
      if (real.form?.open) await clickConnect(model, real, real.form);
    }),
  ),
  origin.map((index) =>
    command(`Make default ${ORIGINS[index]!}`, async (model) => {
      const url = ORIGINS[index]!;
      const done = await saveSettings({ type: 'default', url }).then(
        () => true,
        () => false,
      );
      if (done) model.defaultUrl = await storedDefault();
      if (done) expect(model.defaultUrl === url || !(await isSaved(url))).toBe(true);
    }),
  ),
  origin.map((index) =>
    command(`Remove ${ORIGINS[index]!}`, async (model) => {
      const url = ORIGINS[index]!;
      const wasDefault = model.defaultUrl === url;
      const done = await saveSettings({ type: 'remove', url }).then(
        () => true,
        () => false,
      );
      // Removing the default passes it to the first server left: asked for by removing it.
      if (done && wasDefault) model.defaultUrl = await storedDefault();
    }),
  ),
  fc.tuple(origin, fc.constantFrom('device', 'session')).map(([index, place]) =>
    command(`Keep ${ORIGINS[index]!}'s token in ${place}`, async (model) => {
      const url = ORIGINS[index]!;
      const before = await readSettings();
      const bound = before.state.device[url] ?? before.state.session[url];
      await saveSettings({ type: 'tokenPlace', url, place }).catch(ignore);
      const { state } = await readSettings();
      const server = state.list.servers.find((saved) => saved.url === url);
      if (!server) return;
      // The same token, now where the person asked, unless the organization fixes the place.
      const fixed = model.policy?.tokenPlace === 'any' ? undefined : model.policy?.tokenPlace;
      expect(server.tokenPlace).toBe(fixed ?? place);
      if (bound) expect(state[server.tokenPlace][url]).toEqual(bound);
    }),
  ),
  fc.record({ expireAfterViews: fc.integer({ min: 1, max: 100 }), passphrase: fc.boolean() }).map((typed) =>
    command(`Save defaults ${JSON.stringify(typed)}`, async (model) => {
      // The options page shows the defaults in force and saves them with the person's change.
      const shown = (await readSettings()).settings.defaults;
      await saveSettings({ type: 'defaults', defaults: { ...shown, ...typed } });
      const managed = new Set(Object.keys(model.policy?.defaults ?? {}));
      for (const [key, value] of Object.entries({ ...shown, ...typed }))
        if (!managed.has(key)) (model.userDefaults as unknown as Record<string, unknown>)[key] = value;
      const [first, ...rest] = model.userPresets;
      model.userPresets = [{ ...first!, ...model.userDefaults }, ...rest];
    }),
  ),
  fc
    .record({
      name: fc.constantFrom('Onboarding', 'Vendor key', 'Ops'),
      expireAfterDays: fc.integer({ min: 1, max: 90 }),
      expireAfterViews: fc.integer({ min: 1, max: 100 }),
      passphrase: fc.boolean(),
    })
    .map((typed) =>
      command(`Add a preset ${JSON.stringify(typed)}`, async (model) => {
        // The options page's list as it shows it (the organization's among them), with one more.
        const shown = (await readSettings()).settings.presets ?? [];
        const made: Preset = {
          ...typed,
          id: `p-${steps}`,
          retrievalStep: true,
          deletableByViewer: false,
          notifyEmails: '',
          note: '',
        };
        const done = await savePresets([...shown, made]).then(
          () => true,
          () => false,
        );
        if (done) model.userPresets = [...model.userPresets, made];
        else expect(model.userPresets.length + 1).toBeGreaterThan(PRESETS_MAX);
      }),
    ),
  fc.integer({ min: 0, max: 5 }).map((at) =>
    command(`Move the user's preset ${at} first`, async (model) => {
      const own = model.userPresets;
      if (at >= own.length || at === 0) return;
      const moved = [own[at]!, ...own.filter((_, i) => i !== at)];
      await savePresets(moved);
      // The new first's options are the defaults; an expiry it was made without stays the old one's, and
      // each field the organization sets keeps the user's own value of the old first.
      const managed = new Set(Object.keys(model.policy?.defaults ?? {}));
      const kept = { ...moved[0]! };
      for (const key of managed)
        (kept as unknown as Record<string, unknown>)[key] = (own[at] as unknown as Record<string, unknown>)[
          key
        ];
      model.userPresets = [kept, ...moved.slice(1)];
      model.userDefaults = defaultsOf(kept, model.userDefaults);
    }),
  ),
  fc.integer({ min: 1, max: 5 }).map((at) =>
    command(`Remove the user's preset ${at}`, async (model) => {
      if (at >= model.userPresets.length) return;
      const left = model.userPresets.filter((_, i) => i !== at);
      await savePresets(left);
      model.userPresets = left;
    }),
  ),
  fc.boolean().map((on) =>
    command(`Copy on create ${on ? 'on' : 'off'}`, async (model) => {
      await saveSettings({ type: 'copyOnCreate', on });
      model.copyOnCreate = on;
    }),
  ),
  fc.integer({ min: 0, max: 9 }).map((n) =>
    command(`Demo token ${n}`, async (model) => {
      const token = `demo-token-${n}`;
      await saveSettings({ type: 'demoToken', token });
      model.demoToken = token;
    }),
  ),
  fc.boolean().map((on) =>
    command(`Demo ${on ? 'on' : 'off'}`, async () => {
      await saveSettings({ type: 'demo', on }).catch(ignore);
    }),
  ),
  fc
    .record(
      {
        serverUrl: fc.constantFrom(...ORIGINS),
        lockServer: fc.boolean(),
        allowDemoMode: fc.boolean(),
        tokenPlace: fc.constantFrom('device', 'session', 'any'),
        defaults: fc.record(
          { expireAfterViews: fc.integer({ min: 1, max: 100 }), retrievalStep: fc.boolean() },
          { requiredKeys: [] },
        ),
        watchIntervalMinutes: fc.integer({ min: 1, max: 60 }),
        presets: fc.array(
          fc.record({
            name: fc.constantFrom('Org one view', 'Org vendor'),
            expireAfterViews: fc.integer({ min: 1, max: 100 }),
            expireAfterDays: fc.integer({ min: 1, max: 90 }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
        maxViews: fc.integer({ min: 1, max: 100 }),
      },
      { requiredKeys: [] },
    )
    .map((managed) =>
      command(`Policy ${JSON.stringify(managed)}`, async (model) => {
        await policyArrives(model, managed);
      }),
    ),
  fc.constant(
    command('Policy goes', async (model) => {
      await refreshPolicy(async () => undefined);
      model.managed = undefined;
      model.policy = null;
      model.lockedList = null;
    }),
  ),
  fc.constant(
    command('The background starts again', async (model) => {
      // Every start reads the policy and stores the settings under it, in one read of them (issue 22): the
      // same policy over settings already stored under it is no change, so nothing is written to wake
      // every context's listeners.
      const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
      const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
      await refreshPolicy(async () => model.managed);
      expect(writes).not.toHaveBeenCalled();
      expect(reads).toHaveBeenCalledTimes(1);
      writes.mockRestore();
      reads.mockRestore();
    }),
  ),
  fc.constant(
    command('The popup readies a push (its form being filled)', async (_model, real) => {
      await real.popup.prepareSend(undefined, false).catch(ignore);
    }),
  ),
  fc.constant(command('The popup sends a push', async (_model, real) => popupSends(real))),
  fc.constant(
    command('A quick push is sent', async (_model, real) => {
      const from = real.requests.length;
      // As the background's menu click does: the settings read once, the kept connection, one create.
      const connected = await real.quick.connectTo(undefined, loadSettings()).catch(ignore);
      // With the first preset's options (issue 39), when the server and the organization can honour them.
      const fit =
        connected && !('refused' in connected)
          ? presetFit(firstPreset(connected.settings), {
              edition: await connected.client.edition().catch(() => undefined),
              signedIn: true,
              policy: connected.settings.policy,
            })
          : undefined;
      const input = fit?.ok
        ? quickCreateInput({ kind: 'text', payload: 'model secret' }, fit.options)
        : { kind: 'text' as const, payload: 'model secret' };
      const sent =
        connected && !('refused' in connected)
          ? await createAndRecord(connected.client, input, ignore).catch(ignore)
          : undefined;
      await sentWhereSettingsSay(real, from, sent);
    }),
  ),
  fc.tuple(origin, fc.integer({ min: 0, max: 1 })).map(([index, n]) =>
    command(`Another tab connects ${ORIGINS[index]!}`, async (model) => {
      const url = ORIGINS[index]!;
      const entry = {
        server: { kind: 'self-hosted' as const, url },
        token: { value: tokensOf(index)[n]!, place: 'device' as const, origin: url },
      };
      const done = await saveSettings({ type: 'server', entry }).then(
        () => true,
        () => false,
      );
      if (done) model.defaultUrl ??= url;
    }),
  ),
  ...preferenceCommands,
  ...chokeCommands,
];

async function isSaved(url: string): Promise<boolean> {
  return (await readSettings()).state.list.servers.some((server) => server.url === url);
}

/**
 * Where a run starts: nothing saved, or a version 1 server with its token (then migrated at start); now and
 * then a token version 1 saved for another server (the server was changed after it), bound to that one.
 */
const start = fc.option(
  fc.tuple(origin, fc.constantFrom('device', 'session'), fc.option(origin, { nil: undefined, freq: 3 })),
  { nil: undefined },
);

describe('the settings model and the options form (model-based)', () => {
  it('keeps its promises through any sequence of actions', async () => {
    await fc.assert(
      fc.asyncProperty(
        start,
        fc.constantFrom('chromium' as const, 'firefox' as const),
        fc.commands(commands, { maxCommands: 40, size: 'large' }),
        async (from, runIn, cmds) => {
          browser = runIn;
          // What a run that failed left unchecked (its shrinking replays it) is not this run's.
          requests.length = 0;
          fakeBrowser.reset();
          await fakeBrowser.storage.local.set({ policy: { policy: {}, notes: [] } });
          // A popup opened now: a fresh connect.ts, which follows this run's storage.
          vi.resetModules();
          const popup = await import('@/entrypoints/popup/connect');
          vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
          const model: Model = {
            defaultUrl: null,
            policy: null,
            lockedList: null,
            userDefaults: { ...DEFAULT_PUSH_DEFAULTS },
            userPresets: [presetFromDefaults(DEFAULT_PUSH_DEFAULTS)],
            copyOnCreate: (await readSettings()).copyOnCreate,
            demoToken: null,
            preferences: DEFAULT_PREFERENCES,
            managed: undefined,
            stray: null,
          };
          redirecting.clear();
          if (from) {
            const [index, place, savedFor = index] = from;
            const url = ORIGINS[index]!;
            const token = tokensOf(savedFor)[0]!;
            const tokenOrigin = ORIGINS[savedFor]!;
            await fakeBrowser.storage.local.set({
              server: { kind: 'self-hosted', url },
              tokenPlace: place,
              tokenOrigin,
              ...(place === 'device' ? { token } : {}),
            });
            if (place === 'session') await fakeBrowser.storage.session.set({ token });
            // The background's start (no managed policy), whose one save is the migration.
            await refreshPolicy(async () => undefined);
            model.defaultUrl = url;
            if (savedFor !== index) model.stray = { url, token };
            // Migrated, nothing lost: the token is where version 1 kept it, bound to the origin it was saved for.
            const { state } = await readSettings();
            expect(state[place][url]).toEqual({ value: token, origin: tokenOrigin });
          }
          const quick = keptConnections({ versions: sessionVersions() });
          const real: Real = { form: null, requests, popup, quick, pasted: new Set() };
          await follow(real);
          await checkPromises(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: !SHRINK },
    );
  }, 600_000);
});
