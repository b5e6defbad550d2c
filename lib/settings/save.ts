/**
 * The one save of the settings (issue 18): every write of a setting goes through saveSettings, which reads
 * what is stored, applies the action and the policy to it (settingsWrite, a pure function of what is stored
 * and the policy: the model-based test drives it on a store of its own), and writes the result in one
 * storage.local write, made after every check passed, so a refused save leaves the settings whole and a
 * reader never sees half a save. The policy is applied here, to whatever a page asked for, so no page can
 * save past it: token place, locked servers, demo mode and the organization's defaults. Session tokens live
 * in another area, which no write can share (see write).
 */
import { exclusive } from '@/lib/async';
import { AppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import {
  fixedTokenPlace,
  managedDefaults,
  serversLocked,
  stateUnderPolicy,
  userDefaultsToSave,
  withDefault,
  withoutServer,
  withServer,
  type ServerEntry,
} from './model';
import { defaultsOf, userPresets, withDefaults } from './presets';
import {
  LOCAL,
  PREFERENCE_KEYS,
  readSettings,
  SESSION,
  SETTINGS_VERSION,
  V1_LOCAL,
  V1_SESSION,
  type DecodedSettings,
} from './read';
import {
  NO_POLICY,
  type Policy,
  type PolicyState,
  type Preferences,
  type Preset,
  type PushDefaults,
  type ServerState,
  type TokenMap,
  type TokenPlace,
  type WatchSettings,
  WATCH_INTERVALS,
  CLIPBOARD_CLEAR_DELAYS,
  PRESETS_MAX,
} from './values';

/** What a page or the background may ask of the settings. */
export type SettingsAction =
  /** Connect: a checked server saved with its token (added, or updated when its url is saved already). */
  | { type: 'server'; entry: ServerEntry }
  | { type: 'remove'; url: string }
  | { type: 'default'; url: string }
  | { type: 'demo'; on: boolean }
  /** The defaults for new pushes, as shown (the organization's fields keep the user's own value). */
  | { type: 'defaults'; defaults: PushDefaults }
  /**
   * The user's presets as the options page shows them (issue 39): the organization's are left out, the
   * first one's fields the organization sets keep the user's own; checked by lib/settings/defaults.ts.
   */
  | { type: 'presets'; presets: Preset[] }
  /** Where a saved server's token is kept ("Remember on this device" / "This browser session only"). */
  | { type: 'tokenPlace'; url: string; place: TokenPlace }
  | { type: 'copyOnCreate'; on: boolean }
  /** The watcher's settings, the fields changed (an interval the organization sets keeps the user's own). */
  | { type: 'watch'; patch: Partial<WatchSettings> }
  /** Seconds before a copy is cleared from the clipboard, one of CLIPBOARD_CLEAR_DELAYS (0: never). */
  | { type: 'clipboardClear'; seconds: number }
  /** Notifications of failed attempts, on or off (the dashboard's switch). */
  | { type: 'failedAlerts'; on: boolean }
  /** The chat-preview guard, on or off (the options page). */
  | { type: 'chatGuard'; on: boolean }
  /** The secret generator's choices, checked by lib/generator (validChoice) before they are saved. */
  | { type: 'generatorChoice'; choice: unknown }
  /** The built-in demo service's own token, created on first use (lib/demo). */
  | { type: 'demoToken'; token: string }
  /**
   * The background read the policy (at every start, and when it changes): `state` is stored when it differs,
   * and what is stored is stored again as it allows, a list in version 1's shape as version 2 (migration).
   */
  | { type: 'policy'; state: PolicyState };

/** What one action writes; a missing field keeps its stored value. */
export interface SettingsWrite {
  state?: ServerState;
  demoMode?: boolean;
  defaults?: PushDefaults;
  /** The user's presets; written with `defaults`, their first one's options. */
  presets?: Preset[];
  copyOnCreate?: boolean;
  demoToken?: string;
  /** The preferences changed, each whole (PREFERENCE_KEYS). */
  preferences?: Partial<Preferences>;
  /** The checked policy, written only when it changed. */
  policy?: PolicyState;
}

/** Plain JSON data with every object's keys in one order. */
const keysSorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(keysSorted);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, keysSorted(item)]));
};

/**
 * Whether two checked policies say the same (plain JSON data). Key order is not compared: Chrome's storage
 * hands an object back with its keys sorted, so the stored copy never matched parsePolicy's order, and the
 * policy was written again on every start of the worker, waking every context's listeners (issue 22).
 */
export const samePolicy = (a: PolicyState | null, b: PolicyState) =>
  JSON.stringify(keysSorted(a)) === JSON.stringify(keysSorted(b));

const refused = (message: string, field: string) =>
  new AppError('validation', message, { fields: { [field]: [message] } });

function lockedOut(policy: Policy, url: string): void {
  if (serversLocked(policy) && url !== policy.serverUrl)
    throw refused(t('policy_serversLocked'), 'serverUrl');
}

/** The servers change an action makes, before the policy's storage rules are applied to it. */
function serversAfter(
  stored: DecodedSettings,
  action: SettingsAction,
  policy: Policy,
): ServerState | undefined {
  const { state } = stored;
  switch (action.type) {
    case 'server': {
      lockedOut(policy, action.entry.server.url);
      const place = fixedTokenPlace(policy) ?? action.entry.token.place;
      // Adding a server never changes the default (the first one saved is it): only Make default does.
      return withServer(state, { ...action.entry, token: { ...action.entry.token, place } });
    }
    case 'remove':
      lockedOut(policy, '');
      return withoutServer(state, action.url);
    case 'default':
      lockedOut(policy, '');
      return { ...state, list: withDefault(state.list, action.url) };
    case 'tokenPlace': {
      const saved = state.list.servers.find((server) => server.url === action.url);
      if (!saved) return undefined;
      const bound = state.device[action.url] ?? state.session[action.url] ?? null;
      const token = { value: bound?.value ?? null, place: action.place, origin: bound?.origin ?? null };
      return withServer(state, { server: saved, token });
    }
    case 'policy':
      return state;
    default:
      return undefined;
  }
}

/** Demo mode after an action: on only where the policy allows it, off only with a server to use. */
function demoAfter(stored: DecodedSettings, action: SettingsAction, policy: Policy, servers: number) {
  if (action.type === 'server') return false; // saving a server means the user wants to use it
  if (action.type === 'remove' && servers === 0) return policy.allowDemoMode === false ? undefined : true;
  if (action.type !== 'demo') return undefined;
  if (action.on && policy.allowDemoMode === false) throw refused(t('policy_demoNotAllowed'), 'demoMode');
  if (!action.on && servers === 0 && !policy.serverUrl)
    throw new AppError('validation', t('store_demoNeedsServer'), {
      fields: { demoMode: [t('store_saveServerFirst')] },
    });
  return action.on;
}

/** The watcher's settings to save: checked, with the user's own interval where the organization sets it. */
function watchAfter(saved: WatchSettings, patch: Partial<WatchSettings>, policy: Policy): WatchSettings {
  const next = { ...saved, ...patch };
  if (!WATCH_INTERVALS.includes(next.intervalMinutes as never))
    throw refused(t('settings_notOffered'), 'intervalMinutes');
  if (typeof next.notifications !== 'boolean') throw refused(t('settings_notOffered'), 'notifications');
  if (next.badge !== 'unseen' && next.badge !== 'active') throw refused(t('settings_notOffered'), 'badge');
  const { intervalMinutes, notifications, badge } = next;
  return {
    intervalMinutes: policy.watchIntervalMinutes === undefined ? intervalMinutes : saved.intervalMinutes,
    notifications,
    badge,
  };
}

/** The preferences an action changes. */
function preferencesAfter(
  stored: DecodedSettings,
  action: SettingsAction,
  policy: Policy,
): Partial<Preferences> | undefined {
  const saved = stored.savedPreferences;
  if (action.type === 'watch') return { watch: watchAfter(saved.watch, action.patch, policy) };
  if (action.type === 'clipboardClear') {
    if (!CLIPBOARD_CLEAR_DELAYS.includes(action.seconds as never))
      throw refused(t('settings_notOffered'), 'clipboardClearSeconds');
    return { clipboardClearSeconds: action.seconds };
  }
  if (action.type === 'failedAlerts') return { failedAlerts: action.on === true };
  if (action.type === 'chatGuard') return { chatGuard: action.on === true };
  if (action.type === 'generatorChoice') return { generatorChoice: action.choice };
  return undefined;
}

/**
 * The presets and defaults an action writes: new defaults go to the first preset; a new list keeps, in the
 * first preset, the user's own value of each field the organization sets (shown in its place).
 */
function presetsAfter(
  stored: DecodedSettings,
  action: SettingsAction,
  policy: Policy,
): { presets: Preset[]; defaults: PushDefaults } | undefined {
  if (action.type === 'defaults') {
    const defaults = userDefaultsToSave(action.defaults, stored.defaults, policy);
    return { presets: withDefaults(stored.presets, defaults), defaults };
  }
  if (action.type !== 'presets') return undefined;
  const presets = userPresets(action.presets);
  if (presets.length === 0 || presets.length > PRESETS_MAX)
    throw refused(t('preset_countRange', PRESETS_MAX), 'presets');
  if (new Set(presets.map((preset) => preset.id)).size !== presets.length)
    throw refused(t('settings_notOffered'), 'presets');
  const [first, ...rest] = presets as [Preset, ...Preset[]];
  const own = stored.presets.find((preset) => preset.id === first.id) ?? first;
  const kept: Preset = { ...first };
  for (const key of managedDefaults(policy)) (kept as unknown as Record<string, unknown>)[key] = own[key];
  const next = [kept, ...rest];
  return { presets: next, defaults: defaultsOf(kept, stored.defaults) };
}

/** The policy to write: a newly read one that differs from the one stored. */
function policyAfter(stored: DecodedSettings, action: SettingsAction): PolicyState | undefined {
  return action.type === 'policy' && !samePolicy(stored.policy, action.state) ? action.state : undefined;
}

/**
 * What `action` writes over `stored`, under `stored`'s policy (a 'policy' action: under the one it brings).
 * Throws AppError 'validation' (with the field at fault) for a change the policy forbids; nothing is
 * written then.
 */
export function settingsWrite(stored: DecodedSettings, action: SettingsAction): SettingsWrite {
  const policy = (action.type === 'policy' ? action.state : (stored.policy ?? NO_POLICY)).policy;
  const newPolicy = policyAfter(stored, action);
  const servers = serversAfter(stored, action, policy);
  const state = servers && stateUnderPolicy(servers, policy);
  const demoMode = demoAfter(stored, action, policy, (state ?? stored.state).list.servers.length);
  const preferences = preferencesAfter(stored, action, policy);
  const presets = presetsAfter(stored, action, policy);
  return {
    ...(state ? { state } : {}),
    ...(demoMode !== undefined ? { demoMode } : {}),
    ...(presets ?? {}),
    ...(action.type === 'copyOnCreate' ? { copyOnCreate: action.on } : {}),
    ...(action.type === 'demoToken' ? { demoToken: action.token } : {}),
    ...(preferences ? { preferences } : {}),
    ...(newPolicy ? { policy: newPolicy } : {}),
  };
}

// ---- The write ----

const sameMap = (a: TokenMap, b: TokenMap) => JSON.stringify(a) === JSON.stringify(b);

/** Whether `after` keeps a session token `before` did not have (or had with another value or origin). */
function sessionGains(before: ServerState, after: ServerState): boolean {
  return Object.entries(after.session).some(
    ([url, token]) =>
      before.session[url]?.value !== token.value || before.session[url]?.origin !== token.origin,
  );
}

function localValues(written: SettingsWrite) {
  const { state, demoMode, defaults, presets, copyOnCreate, demoToken, preferences, policy } = written;
  const values: Record<string, unknown> = {};
  if (state) {
    values[LOCAL.server] = state.list;
    values[LOCAL.serverVersion] = { v: SETTINGS_VERSION };
    values[LOCAL.serverTokens] = state.device;
  }
  if (demoMode !== undefined) values[LOCAL.demoMode] = demoMode;
  if (defaults) values[LOCAL.pushDefaults] = defaults;
  if (presets) values[LOCAL.presets] = presets;
  if (copyOnCreate !== undefined) values[LOCAL.copyOnCreate] = copyOnCreate;
  if (demoToken !== undefined) values[LOCAL.demoToken] = demoToken;
  for (const [name, value] of Object.entries(preferences ?? {}))
    values[PREFERENCE_KEYS[name as keyof typeof PREFERENCE_KEYS]] = value;
  // In the same write as the list it allows: no reader sees a new policy over settings it does not allow.
  if (policy) values[LOCAL.policy] = policy;
  return values;
}

/**
 * Writes what an action decided. A session token that arrives is written just before the list (unread
 * until the list says 'session'); one that leaves is removed just after (no longer read), so a token never
 * lives in two places at once. A list read in version 1's shape is written as version 2, its keys removed.
 */
async function write(before: ServerState, written: SettingsWrite, version1: boolean): Promise<void> {
  const after = written.state;
  const changed = after !== undefined && !sameMap(before.session, after.session);
  const session = after ? { [SESSION.serverTokens]: after.session } : {};
  const sessionFirst = changed && sessionGains(before, after);
  if (sessionFirst) await browser.storage.session.set(session);
  const local = localValues(written);
  if (Object.keys(local).length > 0) await browser.storage.local.set(local);
  if (changed && !sessionFirst) await browser.storage.session.set(session);
  if (version1 && after) {
    await browser.storage.local.remove(Object.values(V1_LOCAL));
    await browser.storage.session.remove(Object.values(V1_SESSION));
  }
}

/** The lock every save of the settings holds, in every context (lib/async's exclusive). */
export const SETTINGS_LOCK = 'secret-push:settings';

/**
 * Saves one change to the settings, under the policy in force; resolves once written. Throws AppError
 * 'validation' (with the field at fault) when the policy or the settings' rules refuse it. The read and the
 * write hold one lock across contexts (issue 40): a Connect on the options page and a new policy read by
 * the background at the same moment are applied one after the other, each over what the other wrote.
 */
export function saveSettings(action: SettingsAction): Promise<void> {
  return exclusive(SETTINGS_LOCK, () => saveNow(action));
}

async function saveNow(action: SettingsAction): Promise<void> {
  const stored = await readSettings();
  const { state, ...rest } = settingsWrite(stored, action);
  // An unchanged server state is not written again: every write wakes every context's listeners. A list
  // read in version 1's shape is always written, which is the migration (background.ts).
  const same = state && !stored.version1 && JSON.stringify(state) === JSON.stringify(stored.state);
  // A version 1 list was decoded with its token in the maps, but storage holds none there yet: both are
  // written (the session's first, so the token is never only in version 1's key once that is removed).
  const before = stored.version1 ? { ...stored.state, device: {}, session: {} } : stored.state;
  await write(before, same ? rest : { ...rest, state }, stored.version1);
}
