/**
 * The one save of the settings (issue 18): every write of a setting goes through saveSettings, which reads
 * what is stored, lets actions.ts apply the action and the policy, and writes the result in one
 * storage.local write, made after every check passed, so a refused save leaves the settings whole and a
 * reader never sees half a save. Session tokens live in another area, which no write can share (see write).
 */
import { settingsWrite, type SettingsAction, type SettingsWrite } from './actions';
import { readSettings } from './read';
import { LOCAL, PREFERENCE_KEYS, SESSION, SETTINGS_VERSION, V1_LOCAL, V1_SESSION } from './stored';
import type { ServerState, TokenMap } from './values';

export type { SettingsAction } from './actions';

const sameMap = (a: TokenMap, b: TokenMap) => JSON.stringify(a) === JSON.stringify(b);

/** Whether `after` keeps a session token `before` did not have (or had with another value or origin). */
function sessionGains(before: ServerState, after: ServerState): boolean {
  return Object.entries(after.session).some(
    ([url, token]) =>
      before.session[url]?.value !== token.value || before.session[url]?.origin !== token.origin,
  );
}

function localValues(written: SettingsWrite) {
  const { state, demoMode, defaults, copyOnCreate, demoToken, preferences, policy } = written;
  const values: Record<string, unknown> = {};
  if (state) {
    values[LOCAL.server] = state.list;
    values[LOCAL.serverVersion] = { v: SETTINGS_VERSION };
    values[LOCAL.serverTokens] = state.device;
  }
  if (demoMode !== undefined) values[LOCAL.demoMode] = demoMode;
  if (defaults) values[LOCAL.pushDefaults] = defaults;
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

/**
 * Saves one change to the settings, under the policy in force; resolves once written. Throws AppError
 * 'validation' (with the field at fault) when the policy or the settings' rules refuse it.
 */
export async function saveSettings(action: SettingsAction): Promise<void> {
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
