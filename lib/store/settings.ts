/**
 * The user's settings as one object, read side. Kept free of zod and of the API client, so the popup can
 * read its settings in its first chunk; the writers are in save.ts and servers.ts.
 */
import {
  demoModeItem,
  demoTokenItem,
  deviceTokensItem,
  policyItem,
  pushDefaultsItem,
  readServers,
  serversItem,
  sessionTokensItem,
} from './items';
import { settingsOf, withPolicy, type Settings } from './profiles';

export * from './profiles';

/**
 * The settings in force: the user's with the organization's managed values in their place (lib/policy),
 * and that policy. What every reader uses; only writers that keep the user's own values use loadUserSettings.
 */
export async function loadSettings(): Promise<Settings> {
  const [settings, { policy }] = await Promise.all([loadUserSettings(), policyItem.getValue()]);
  return withPolicy(settings, policy);
}

/** Reads every settings item as the user saved it; `server` and its token are the default server's. */
export async function loadUserSettings(): Promise<Settings> {
  const list = await readServers(); // first: a version 1 value still there moves its token when read
  const [demoMode, defaults, demoToken, device, session] = await Promise.all([
    demoModeItem.getValue(),
    pushDefaultsItem.getValue(),
    demoTokenItem.getValue(),
    deviceTokensItem.getValue(),
    sessionTokensItem.getValue(),
  ]);
  return settingsOf({ list, demoMode, defaults, demoToken, device, session });
}

/** Calls back with fresh settings whenever any settings item changes (other tabs, the popup). */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const items = [
    demoModeItem,
    serversItem,
    deviceTokensItem,
    sessionTokensItem,
    pushDefaultsItem,
    policyItem,
  ];
  const reload = () => {
    loadSettings().then(callback, (error: unknown) => console.error('Could not reload settings', error));
  };
  const unwatch = items.map((item) => item.watch(reload));
  return () => unwatch.forEach((stop) => stop());
}
