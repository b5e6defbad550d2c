/**
 * The settings' light front (issue 18, 38): the one read, for every context, in three verbs. readSettings
 * reads what storage holds now; loadSettings the settings in force once the policy is read (policy first);
 * followSettings calls back at each change of a part. Each read is one plain storage.get per area of the
 * keys stored.ts names, decoded by pure functions: no zod, idb or @wxt-dev/storage, so the popup's first
 * chunk loads this very file. A list still in version 1's shape is read as version 2 in memory (the
 * background's migration writes it).
 */
import { onStoredChange } from '@/lib/storage';
import { settingsFor, settingsOf, withPolicy } from './model';
import { preferencesUnderPolicy } from './policy';
import { decodeSettings, PART_KEYS, READ_KEYS, type DecodedSettings, type SettingsPart } from './stored';
import { NO_POLICY, type Preferences, type Settings } from './values';

// The light pieces of the model a first screen needs besides the read: the values' shapes, the rules of a
// server address, the policy's effect. index.ts re-exports all of this file.
export * from './values';
export * from './rules';
export * from './policy';
export {
  isServerList,
  settingsFor,
  settingsOf,
  withPolicy,
  type ServerEntry,
  type StoredSettings,
} from './model';
export type { SettingsPart } from './stored';

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
  const { state, demoMode, defaults, demoToken, policy, savedPreferences } = decoded;
  const user = settingsOf({ ...state, demoMode, defaults, demoToken });
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
   * (stored.ts PART_KEYS), or one preference (the watcher's, the clipboard's…), so that saving a preference
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
   * drops it at once (lib/connection/kept.ts), so that no request goes out with settings no longer saved.
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
