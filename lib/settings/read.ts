/**
 * The settings' light front (issue 18, 38): where the settings live in browser.storage and the one read, for
 * every context, in three verbs. Every key is written once here with its fallback, with the pure decoding
 * of what was read into the model's values; save.ts writes these keys (the background's migration among its
 * saves), and nothing else names them. readSettings reads what storage holds now; loadSettings the settings
 * in force once the policy is read (policy first); followSettings calls back at each change of a part. Each
 * read is one plain storage.get per area of these keys, decoded by pure functions: no zod, idb or
 * @wxt-dev/storage, so the popup's first chunk loads this very file. A list still in version 1's shape is
 * read as version 2 in memory (the background's migration writes it).
 */
import { onStoredChange } from '@/lib/storage';
import { isServerList, preferencesUnderPolicy, settingsFor, settingsOf, withPolicy } from './model';
import { decodePresets, defaultsOf } from './presets';
import {
  DEFAULT_PUSH_DEFAULTS,
  EMPTY_SERVER_LIST,
  DEFAULT_PREFERENCES,
  DEFAULT_WATCH_SETTINGS,
  NO_POLICY,
  type PolicyState,
  type Preferences,
  type Preset,
  type PushDefaults,
  type ServerChoice,
  type ServerState,
  type Settings,
  type TokenMap,
  type TokenPlace,
} from './values';

// The light pieces of the model a first screen needs besides the read: the values' shapes, the rules of a
// server address, the policy's effect. index.ts re-exports all of this file.
export * from './values';
export {
  HOSTED_SERVERS,
  hostPermissionPattern,
  hostedServer,
  normalizeServerUrl,
  normalizeToken,
  serverChoice,
  serverName,
  tokenPageUrl,
  type HostedServer,
} from './model';
export {
  allowedKinds,
  applyPolicy,
  demoModeAllowed,
  fixedTokenPlace,
  hasPolicy,
  isServerList,
  managedDefaults,
  preferencesUnderPolicy,
  serversLocked,
  settingsFor,
  settingsOf,
  userDefaultsToSave,
  withPolicy,
  type PolicySubject,
  type ServerEntry,
  type StoredSettings,
} from './model';
export { presetFromDefaults, presetsUnderPolicy, userPresets } from './presets';

// ---- Where the settings live in browser.storage ----

/** The settings' keys in storage.local, with their fallbacks. No payload or passphrase is ever among them. */
export const LOCAL = {
  /** The saved servers (a ServerList; version 1 kept one ServerChoice here). */
  server: 'server',
  /** The list's version mark, in the form WXT's versioned items keep it ({ v: 2 }). */
  serverVersion: 'server$',
  /** Demo mode: on for a fresh install; saving a server turns it off. */
  demoMode: 'demoMode',
  /** The first preset's options, kept for the versions before 39 (which read only these). */
  pushDefaults: 'pushDefaults',
  /** The user's presets (issue 39), the first being the defaults; absent until first saved. */
  presets: 'presets',
  /** The built-in demo service's user token, created by the background on first use. */
  demoToken: 'demoToken',
  /** API tokens remembered on this device, by server url, each bound to its origin. */
  serverTokens: 'serverTokens',
  /**
   * The organization's policy as the background last read and checked it from storage.managed. Absent
   * until the background has read it once (policy first: pages wait for it rather than show demo mode).
   */
  policy: 'policy',
  /** Whether the popup copies a new push's link as soon as it is created. */
  copyOnCreate: 'copyOnCreate',
  /** The watcher's interval, notifications and badge (a WatchSettings; the key of the versions before 38). */
  watch: 'watchSettings',
  /** Seconds before a copy is cleared from the clipboard, 0 = never (the key of the versions before 38). */
  clipboardClear: 'clipboardClearSeconds',
  /** Whether failed attempts raise a notification (the key of the versions before 38). */
  failedAlerts: 'watchFailedAttemptAlerts',
  /** The secret generator's choices (the key of the versions before 38). */
  generatorChoice: 'generatorChoice',
  /** Whether the chat-preview guard is on (issue 39). */
  chatGuard: 'chatGuard',
} as const;

/**
 * The preferences' keys (values.ts Preferences). No request's destination or token depends on them, so a
 * page that follows the settings a request is made from (the default part of read.ts followSettings) is
 * not woken by them (the chat guard's, which may turn a push's retrieval step on, is read with each push).
 */
export const PREFERENCE_KEYS: Readonly<Record<keyof Preferences, string>> = {
  watch: LOCAL.watch,
  clipboardClearSeconds: LOCAL.clipboardClear,
  failedAlerts: LOCAL.failedAlerts,
  generatorChoice: LOCAL.generatorChoice,
  chatGuard: LOCAL.chatGuard,
};

/** The settings' keys in storage.session (memory only): tokens the user keeps for this browser session. */
export const SESSION = { serverTokens: 'serverTokens' } as const;

/** The current version of the settings schema (2: a list of servers, each with its own token). */
export const SETTINGS_VERSION = 2;

/** Version 1's keys (one server and its token), read to migrate it and removed once migrated. */
export const V1_LOCAL = { token: 'token', tokenOrigin: 'tokenOrigin', tokenPlace: 'tokenPlace' } as const;
export const V1_SESSION = { token: 'token' } as const;

/** The keys read, by area: the settings and version 1's, so a list not yet migrated still reads right. */
export const READ_KEYS = {
  local: [...Object.values(LOCAL), ...Object.values(V1_LOCAL)],
  session: [...Object.values(SESSION), ...Object.values(V1_SESSION)],
} as const;

const preferenceKeys: readonly string[] = Object.values(PREFERENCE_KEYS);

/** The keys whose change changes the settings a request is made from, by area (pages follow them). */
export const WATCHED_KEYS: Readonly<Record<string, readonly string[]>> = {
  local: Object.values(LOCAL).filter((key) => key !== LOCAL.serverVersion && !preferenceKeys.includes(key)),
  session: Object.values(SESSION),
};

/**
 * What a follower may follow (read.ts followSettings): the settings a request is made from, every
 * preference or one of them, or the organization's policy alone.
 */
export type SettingsPart = 'requests' | 'preferences' | 'policy' | 'presets' | keyof Preferences;

/**
 * The keys each part is built from, by area. A preference the policy may set is followed with the policy
 * too, since its value in force changes with it.
 */
export const PART_KEYS: Readonly<Record<SettingsPart, Readonly<Record<string, readonly string[]>>>> = {
  requests: WATCHED_KEYS,
  // With copy on create, which the options page shows in the clipboard's section.
  preferences: { local: [...preferenceKeys, LOCAL.copyOnCreate] },
  policy: { local: [LOCAL.policy] },
  // The presets in force: the user's, and the policy's presets and limits (the context menus follow them).
  presets: { local: [LOCAL.presets, LOCAL.policy] },
  watch: { local: [LOCAL.watch, LOCAL.policy] },
  clipboardClearSeconds: { local: [LOCAL.clipboardClear] },
  failedAlerts: { local: [LOCAL.failedAlerts] },
  generatorChoice: { local: [LOCAL.generatorChoice] },
  chatGuard: { local: [LOCAL.chatGuard] },
};

type Stored = Record<string, unknown>;
const valueOf = <T>(stored: Stored, key: string, fallback: T): T => (stored[key] ?? fallback) as T;

/** What storage holds, decoded: the state of the servers, and whether the list is still version 1's. */
export interface DecodedSettings {
  state: ServerState;
  /** True when the list is still in version 1's shape (the background saves it as version 2 at start). */
  version1: boolean;
  demoMode: boolean;
  defaults: PushDefaults;
  /** The user's own presets (never the organization's), the first giving `defaults`. */
  presets: Preset[];
  demoToken: string | null;
  copyOnCreate: boolean;
  /** The user's own preferences, as saved (the policy's are put in their place by read.ts). */
  savedPreferences: Preferences;
  /** The checked policy; null while the background has not read storage.managed yet. */
  policy: PolicyState | null;
}

/**
 * Version 1 → 2, pure: the one saved server becomes the list's only server and its default, and its token
 * moves to that server's entry in the place the user chose, bound to the origin it was saved for (a token
 * saved before that origin was recorded, issue 9, was saved with this server: bound to its origin).
 */
export function stateFromVersion1(old: ServerChoice, local: Stored, session: Stored): ServerState {
  const place: TokenPlace = local[V1_LOCAL.tokenPlace] === 'session' ? 'session' : 'device';
  const token = ((place === 'device' ? local[V1_LOCAL.token] : session[V1_SESSION.token]) ?? null) as
    | string
    | null;
  const origin = (local[V1_LOCAL.tokenOrigin] ?? null) as string | null;
  const { kind, url, edition } = old;
  const saved = { kind, url, ...(edition ? { edition } : {}), tokenPlace: place };
  const bound: TokenMap =
    token === null ? {} : { [url]: { value: token, origin: origin ?? new URL(url).origin } };
  return {
    list: { servers: [saved], defaultUrl: url },
    device: place === 'device' ? bound : {},
    session: place === 'session' ? bound : {},
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The preferences as stored, each field its default when absent or of another type: a value an older
 * version wrote (a WatchSettings without its badge, from before there was a choice) reads with the default
 * in the place of what it lacks, so no user loses what they had chosen.
 */
export function decodePreferences(local: Stored): Preferences {
  const watch = local[PREFERENCE_KEYS.watch];
  const stored = isRecord(watch) ? watch : {};
  const field = <K extends keyof typeof DEFAULT_WATCH_SETTINGS>(key: K, type: string) =>
    (typeof stored[key] === type
      ? stored[key]
      : DEFAULT_WATCH_SETTINGS[key]) as (typeof DEFAULT_WATCH_SETTINGS)[K];
  const clear = local[PREFERENCE_KEYS.clipboardClearSeconds];
  const failedAlerts = local[PREFERENCE_KEYS.failedAlerts];
  const chatGuard = local[PREFERENCE_KEYS.chatGuard];
  return {
    ...DEFAULT_PREFERENCES,
    clipboardClearSeconds: typeof clear === 'number' && clear >= 0 ? clear : 0,
    failedAlerts: typeof failedAlerts === 'boolean' ? failedAlerts : true,
    generatorChoice: local[PREFERENCE_KEYS.generatorChoice] ?? null,
    chatGuard: typeof chatGuard === 'boolean' ? chatGuard : true,
    watch: {
      intervalMinutes: field('intervalMinutes', 'number'),
      notifications: field('notifications', 'boolean'),
      badge: stored.badge === 'active' ? 'active' : 'unseen',
    },
  };
}

/** Decodes one read of READ_KEYS. */
export function decodeSettings(local: Stored, session: Stored): DecodedSettings {
  const stored = local[LOCAL.server] ?? EMPTY_SERVER_LIST;
  const version1 = !isServerList(stored) && typeof stored === 'object' && stored !== null;
  const state: ServerState = version1
    ? stateFromVersion1(stored as ServerChoice, local, session)
    : {
        list: isServerList(stored) ? stored : EMPTY_SERVER_LIST,
        device: valueOf(local, LOCAL.serverTokens, {}),
        session: valueOf(session, SESSION.serverTokens, {}),
      };
  const saved = valueOf(local, LOCAL.pushDefaults, DEFAULT_PUSH_DEFAULTS);
  const presets = decodePresets(local[LOCAL.presets], saved);
  return {
    state,
    version1,
    demoMode: valueOf(local, LOCAL.demoMode, true),
    defaults: defaultsOf(presets[0], saved),
    presets,
    demoToken: valueOf(local, LOCAL.demoToken, null),
    copyOnCreate: valueOf(local, LOCAL.copyOnCreate, true),
    savedPreferences: decodePreferences(local),
    policy: valueOf<PolicyState | null>(local, LOCAL.policy, null),
  };
}

// ---- The read ----

/** One read of the settings: those in force, the user's own, and what they were built from. */
export interface SettingsRead extends DecodedSettings {
  /** The settings in force: the user's with the organization's managed values in their place. */
  settings: Settings;
  /** The user's own settings, as saved (the writers that keep the user's values start from these). */
  user: Settings;
  /** The preferences in force: the user's (savedPreferences) with the organization's in their place. */
  preferences: Preferences;
  /** False until the background has read the policy once: pages show a neutral state, never demo mode. */
  policyRead: boolean;
}

/** Builds a SettingsRead from what storage holds (pure: the model-based test uses it on its own store). */
export function settingsRead(decoded: DecodedSettings): SettingsRead {
  const { state, demoMode, defaults, presets, demoToken, policy, savedPreferences } = decoded;
  const user = settingsOf({ ...state, demoMode, defaults, presets, demoToken });
  const settings = withPolicy(user, (policy ?? NO_POLICY).policy);
  const preferences = preferencesUnderPolicy(savedPreferences, (policy ?? NO_POLICY).policy);
  return { ...decoded, settings, user, preferences, policyRead: policy !== null };
}

/** Reads the settings as storage holds them now, the policy read or not (policyRead says which). */
export async function readSettings(): Promise<SettingsRead> {
  const [local, session] = await Promise.all([
    browser.storage.local.get([...READ_KEYS.local]),
    browser.storage.session.get([...READ_KEYS.session]),
  ]);
  return settingsRead(decodeSettings(local, session));
}

/**
 * PROMISE (issue 18): policy first. The settings once the background has read the organization's policy:
 * at once, but for the first seconds after an install, before storage.managed answers (toolchain.md: ~3 s).
 */
function readUnderPolicy(): Promise<SettingsRead> {
  return new Promise((resolve, reject) => {
    let done = false;
    const check = () =>
      readSettings().then((read) => {
        if (done || !read.policyRead) return;
        done = true;
        stop();
        resolve(read);
      }, reject);
    const stop = onStoredChange(PART_KEYS.policy, check);
    void check();
  });
}

/**
 * The settings in force, under the policy: what every request's destination is decided from
 * (lib/connection), so none is sent before the policy is known, and what pages wait for before they show
 * anything a policy could forbid (demo mode above all). Aimed at the saved server `url` when given.
 * `{ whole: true }`: the whole read under the policy (the user's own settings, the preferences, copy on
 * create…), for a page that needs more than the settings in force once (the popup's first screen, a quick
 * push's read ahead); a page that follows them gets the same from followSettings' `underPolicy` and `now`.
 */
export function loadSettings(options: { whole: true }): Promise<SettingsRead>;
export function loadSettings(url?: string | null): Promise<Settings>;
export async function loadSettings(aim?: string | null | { whole: true }): Promise<Settings | SettingsRead> {
  const read = await readUnderPolicy();
  if (typeof aim === 'object' && aim !== null) return read;
  return aim === undefined ? read.settings : settingsFor(read.settings, aim);
}

/** What a follower of the settings follows, and from when (followSettings). */
export interface FollowOptions {
  /**
   * The part (or parts) whose change calls back: by default the settings a request is made from
   * (PART_KEYS), or one preference (the watcher's, the clipboard's…), so that saving a preference
   * wakes only those who follow it.
   */
  part?: SettingsPart | readonly SettingsPart[];
  /** Policy first: never call back with a read made before the background has read the policy. */
  underPolicy?: boolean;
  /**
   * Call back at once too, with a read made now (the first one under the policy with `underPolicy`), for a
   * page that has no read of its own yet; without it, only changes call back.
   */
  now?: boolean;
  /** The read made `now` failed (default: logged). A later read that fails is logged. */
  onError?: (error: unknown) => void;
  /**
   * Called in the very turn a change is heard, before the fresh read: a cache built from an older read
   * drops it at once (lib/connection/client.ts), so that no request goes out with settings no longer saved.
   */
  onStale?: () => void;
}

/**
 * The one follow of the settings, for every context: calls back with a fresh read whenever a followed part
 * changes (other tabs, the background, a policy), with the parts that changed, so that one follower of
 * several parts knows which (lib/watch's background). A callback that wants no read ignores it: a read is a
 * storage.get per area, and the settings change seldom. Returns the unwatch.
 */
export function followSettings(
  callback: (read: SettingsRead, changed: readonly SettingsPart[]) => unknown,
  { part = 'requests', underPolicy = false, now = false, onError, onStale }: FollowOptions = {},
): () => void {
  const parts: readonly SettingsPart[] = typeof part === 'string' ? [part] : part;
  const report = (error: unknown) => console.error('Could not reload settings', error);
  const stop = onStoredChange(keysOf(parts), (changes, area) => {
    const changed = parts.filter((one) => PART_KEYS[one][area]?.some((key) => key in changes));
    onStale?.();
    // The work is returned (lib/storage.ts onStoredChange says why).
    return readSettings().then(
      (read) => (underPolicy && !read.policyRead ? undefined : callback(read, changed)),
      report,
    );
  });
  if (now)
    (underPolicy ? readUnderPolicy() : readSettings()).then(
      (read) => callback(read, parts),
      onError ?? report,
    );
  return stop;
}

/** The keys of every part in `parts`, by area (a key twice costs nothing: a change is looked up in them). */
function keysOf(parts: readonly SettingsPart[]): Record<string, string[]> {
  const keys: Record<string, string[]> = {};
  for (const part of parts)
    for (const [area, names] of Object.entries(PART_KEYS[part])) (keys[area] ??= []).push(...names);
  return keys;
}
