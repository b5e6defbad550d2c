/**
 * The settings model and the options form's logic under random sequences of what a person, another tab,
 * an organization and an update do (issue 18): add, edit, type a URL, type a token, Test connection,
 * Connect, Make default, Remove, demo on or off, moving a token between device and session, saving the
 * push defaults, "copy on create", the demo token arriving, a policy arriving, changing or going, a
 * migration from version 1, and a second tab saving. Requests go to the real mock service of each origin, through a
 * recording transport. After every step the promises are checked:
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
 *   push over the background's kept connections (the same cache, lib/connection/client.ts).
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
import { createAndRecord, keptConnections, sessionVersions, type KeptConnections } from '@/lib/connection';
import { initForm } from '@/lib/push/form';
import { readChoice, saveChoice, validChoice, type GeneratorChoice } from '@/lib/generator';
import { guardFor } from '@/lib/chat-guard';
import { ORIGINS, ownerOf, tokensOf, tokensWherePut } from './model';

const RUNS = Number(process.env.SETTINGS_MODEL_RUNS ?? 60);
const SEED = Number(process.env.SETTINGS_MODEL_SEED ?? 18);

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
}

interface Real {
  form: ServerForm | null;
  requests: Recorded[];
  /** The popup's API side (entrypoints/popup/connect.ts), one instance for the whole run: one open popup. */
  popup: typeof import('@/entrypoints/popup/connect');
  /** Quick push's kept connections (lib/connection/client.ts), one background for the whole run. */
  quick: KeptConnections;
}

let backends: MockHandler[] = [];
let requests: Recorded[] = [];
let steps = 0;

beforeEach(async () => {
  requests = [];
  backends = await Promise.all(
    ORIGINS.map(async (baseUrl, index) =>
      createMockBackend({
        store: await openMockStore({ name: `model-${index}-${Math.random()}` }),
        baseUrl,
        users: tokensOf(index).map((token, n) => ({ email: `u${n}@${index}.example`, token })),
        rateLimit: 0,
        logError: () => undefined,
      }),
    ),
  );
  // The recording transport: every request of every client, with the Authorization it carried.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const origin = new URL(request.url).origin;
    const create = request.method === 'POST' && new URL(request.url).pathname === '/api/v2/pushes';
    requests.push({ origin, authorization: request.headers.get('authorization'), create });
    const index = ORIGINS.indexOf(origin as (typeof ORIGINS)[number]);
    if (index < 0) throw new TypeError('Failed to fetch');
    return backends[index]!(request);
  });
  // fakeBrowser implements no permissions: the person grants every host access asked for.
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation((async () => true) as never);
});

afterAll(() => {
  vi.unstubAllGlobals();
  console.info(`settings model: ${steps} steps checked`);
});

/**
 * A send made since `from` (the popup's or a quick push's) went where the settings send now, with the token
 * saved for that server now, once; nothing went out over fetch in demo mode or with no server.
 */
async function sentWhereSettingsSay(real: Real, from: number, sent: unknown) {
  const creates = real.requests.slice(from).filter((request) => request.create);
  const now = await loadSettings();
  const target = targetBaseUrl(now);
  // Where the settings send now (the demo service is not reached over fetch, so nothing goes out then).
  if (now.demoMode || target === null) return expect(creates).toEqual([]);
  const token = targetToken(now);
  const expected = {
    origin: new URL(target).origin,
    authorization: token && `Bearer ${token}`,
    create: true,
  };
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
  // 1. No request carried a token to an origin other than its own.
  for (const { origin, authorization } of real.requests.splice(0)) {
    if (authorization === null) continue;
    const token = authorization.replace(/^Bearer /, '');
    expect(ownerOf(token), `${token} went to ${origin}`).toBe(origin);
  }
  // 2. Tokens only where the policy and the user put them.
  const read = await readSettings();
  const { list, device, session } = read.state;
  const policy = model.policy ?? {};
  tokensWherePut(read.state, policy);
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
  // The form's token field never holds a token of another origin than the one its address names.
  if (real.form?.open && real.form.fields.token.trim() !== '') {
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

const commands = [
  fc.constant(
    command('Add a server', async (_model, real) => {
      real.form = editServer((await readSettings()).settings, null);
    }),
  ),
  origin.map((index) =>
    command(`Edit ${ORIGINS[index]!}`, async (_model, real) => {
      const { settings } = await readSettings();
      if (settings.servers.some((server) => server.url === ORIGINS[index]!))
        real.form = editServer(settings, ORIGINS[index]!);
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
      if (!real.form?.open) return;
      const { token, tokenPlace } = real.form.fields;
      await checkServer({ url: typedUrl(real.form.fields), token, tokenPlace }).catch(ignore);
    }),
  ),
  fc.constant(
    command('Connect', async (model, real) => {
      if (!real.form?.open) return;
      const { token, tokenPlace } = real.form.fields;
      const saved = await saveServer({ url: typedUrl(real.form.fields), token, tokenPlace }).catch(ignore);
      if (!saved) return;
      // The first server saved becomes the default; any later one does not.
      model.defaultUrl ??= saved.baseUrl;
      real.form = formFrom((await readSettings()).settings, saved.baseUrl, false);
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
  fc.constant(
    command('The popup sends a push', async (_model, real) => {
      const from = real.requests.length;
      const form = initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });
      const options = { signal: new AbortController().signal, onProgress: ignore };
      const sent = await real.popup.sendForm({ ...form, payload: 'model secret' }, options).catch(ignore);
      await sentWhereSettingsSay(real, from, sent);
    }),
  ),
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
];

async function isSaved(url: string): Promise<boolean> {
  return (await readSettings()).state.list.servers.some((server) => server.url === url);
}

/** Where a run starts: nothing saved, or a version 1 server with its token (then migrated at start). */
const start = fc.option(fc.tuple(origin, fc.constantFrom('device', 'session')), { nil: undefined });

describe('the settings model and the options form (model-based)', () => {
  it('keeps its promises through any sequence of actions', async () => {
    await fc.assert(
      fc.asyncProperty(
        start,
        fc.commands(commands, { maxCommands: 40, size: 'large' }),
        async (from, cmds) => {
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
          };
          if (from) {
            const [index, place] = from;
            const url = ORIGINS[index]!;
            const token = tokensOf(index)[0]!;
            await fakeBrowser.storage.local.set({
              server: { kind: 'self-hosted', url },
              tokenPlace: place,
              tokenOrigin: url,
              ...(place === 'device' ? { token } : {}),
            });
            if (place === 'session') await fakeBrowser.storage.session.set({ token });
            // The background's start (no managed policy), whose one save is the migration.
            await refreshPolicy(async () => undefined);
            model.defaultUrl = url;
            // Migrated, nothing lost: the token is where version 1 kept it, bound to its server.
            const { state } = await readSettings();
            expect(state[place][url]).toEqual({ value: token, origin: url });
          }
          const quick = keptConnections({ versions: sessionVersions() });
          const real: Real = { form: null, requests, popup, quick };
          await follow(real);
          await checkPromises(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
