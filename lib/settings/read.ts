/**
 * The one read of the settings, for every context (issue 18): one plain storage.get per area of the keys
 * stored.ts names, decoded by pure functions. It needs neither @wxt-dev/storage nor zod, so the popup's
 * first chunk uses this very function; a list still in version 1's shape is read as version 2 in memory
 * (the background's migration writes it).
 */
import { onStoredChange } from '@/lib/storage';
import { settingsFor, settingsOf, withPolicy } from './model';
import { preferencesUnderPolicy } from './policy';
import { decodeSettings, PART_KEYS, READ_KEYS, type DecodedSettings, type SettingsPart } from './stored';
import { NO_POLICY, type Preferences, type Settings } from './values';

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

export { onStoredChange };

/** Reads the settings. */
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
 * Pages wait for this before they show anything a policy could forbid (demo mode above all).
 */
export function readSettingsUnderPolicy(): Promise<SettingsRead> {
  return new Promise((resolve, reject) => {
    let done = false;
    const check = () => {
      readSettings().then((read) => {
        if (done || !read.policyRead) return;
        done = true;
        stop();
        resolve(read);
      }, reject);
    };
    const stop = onSettingsChange(check);
    check();
  });
}

/**
 * The settings in force, under the policy (readSettingsUnderPolicy), aimed at the saved server `url` when
 * given: what every request's destination is decided from (lib/connection), so none is sent before the
 * policy is known.
 */
export async function loadSettings(url?: string | null): Promise<Settings> {
  const { settings } = await readSettingsUnderPolicy();
  return url === undefined ? settings : settingsFor(settings, url);
}

/**
 * Calls back whenever a stored value `part` is built from changes (by default the settings a request is
 * made from, stored.ts PART_KEYS); returns the unwatch.
 */
export function onSettingsChange(callback: () => unknown, part: SettingsPart = 'requests'): () => void {
  return onStoredChange(PART_KEYS[part], callback);
}

/**
 * Policy first, for a page that follows its settings: calls back with the first read made under the policy
 * (readSettingsUnderPolicy), then with every later one, and never with a read before the policy is known.
 * `onError`: the first read failed. Returns the unwatch.
 */
export function followSettingsUnderPolicy(
  callback: (read: SettingsRead) => void,
  onError: (error: unknown) => void,
): () => void {
  readSettingsUnderPolicy().then(callback, onError);
  return watchSettings((read) => {
    if (read.policyRead) callback(read);
  });
}

/**
 * Calls back with a fresh read whenever `part` of the settings changes (other tabs, the background, a
 * policy): by default the settings a request is made from, or one preference (the watcher's, the
 * clipboard's…), so that saving a preference wakes only those who follow it.
 */
export function watchSettings(
  callback: (read: SettingsRead) => unknown,
  part: SettingsPart = 'requests',
): () => void {
  return onSettingsChange(
    () =>
      readSettings().then(callback, (error: unknown) => console.error('Could not reload settings', error)),
    part,
  );
}
