/**
 * The only writers of the settings items. Each save is one storage.local write of everything it changes,
 * made after all checks passed, so a refused save leaves the previous settings whole and a reader never
 * sees half a save. Session tokens live in another storage area, which no write can share (see writeSettings).
 */
import { storage } from '#imports';
import { AppError } from '@/lib/errors';
import {
  demoModeItem,
  deviceTokensItem,
  pushDefaultsItem,
  readServers,
  serversItem,
  sessionTokensItem,
  SERVERS_META_KEY,
  SETTINGS_VERSION,
  type PushDefaults,
  type ServerChoice,
  type TokenPlace,
} from './items';
import { validateDefaults } from './defaults';
import { withServer, type ServerEntry, type ServerState } from './server-list';
import { loadSettings, settingsFor } from './settings';
import { t } from '@/lib/i18n';

/** What one save changes; a missing field keeps its saved value. */
export interface SettingsChange {
  demoMode?: boolean;
  defaults?: PushDefaults;
  /** A server saved with its token (added, or updated when its url is saved already). */
  server?: ServerEntry;
}

/** The saved servers and both token maps, as server-list.ts changes them. */
export async function readServerState(): Promise<ServerState> {
  const list = await readServers(); // first: a version 1 value still there moves its token when read
  const [device, session] = await Promise.all([deviceTokensItem.getValue(), sessionTokensItem.getValue()]);
  return { list, device, session };
}

function localValues({ demoMode, defaults }: SettingsChange, servers?: ServerState) {
  return [
    ...(servers ? [{ key: serversItem.key, value: servers.list }] : []),
    ...(servers ? [{ key: SERVERS_META_KEY, value: { v: SETTINGS_VERSION } }] : []),
    ...(servers ? [{ key: deviceTokensItem.key, value: servers.device }] : []),
    ...(demoMode !== undefined ? [{ key: demoModeItem.key, value: demoMode }] : []),
    ...(defaults ? [{ key: pushDefaultsItem.key, value: defaults }] : []),
  ];
}

/** Whether `after` keeps a session token `before` did not have (or had with another value or origin). */
function sessionGains(before: ServerState, after: ServerState): boolean {
  return Object.entries(after.session).some(
    ([url, token]) =>
      before.session[url]?.value !== token.value || before.session[url]?.origin !== token.origin,
  );
}

/**
 * Writes a change and, when given, a new server state, in one storage.local write. A session token that
 * arrives is written just before it (unread until the list says 'session'); one that leaves is removed just
 * after (no longer read), so a token never lives in two places at once.
 */
export async function writeSettings(change: SettingsChange, before?: ServerState, after?: ServerState) {
  const changed = before && after && JSON.stringify(before.session) !== JSON.stringify(after.session);
  const sessionFirst = changed && sessionGains(before, after);
  const session = after ? [{ key: sessionTokensItem.key, value: after.session }] : [];
  if (sessionFirst) await storage.setItems(session);
  await storage.setItems(localValues(change, after));
  if (changed && !sessionFirst) await storage.setItems(session);
}

/** Saves a change in one storage.local write (see writeSettings for a session token). */
export async function saveSettings(change: SettingsChange): Promise<void> {
  if (!change.server) return writeSettings(change);
  const before = await readServerState();
  await writeSettings(change, before, withServer(before, change.server));
}

/**
 * Moves the token of a saved server (the default one unless `url` says) to `place` ("Remember on this
 * device" / "This browser session only"), with any other change saved at the same time.
 */
export async function setTokenPlace(place: TokenPlace, also: SettingsChange = {}, url?: string) {
  const { server, token, tokenOrigin } = settingsFor(await loadSettings(), url);
  if (!server) return saveSettings(also);
  await saveSettings({ ...also, server: { server, token: { value: token, place, origin: tokenOrigin } } });
}

export interface ServerSettingsInput {
  server: ServerChoice;
  token: string | null;
  tokenPlace: TokenPlace;
  /** Make it the default server; the first one saved always is. */
  makeDefault?: boolean;
}

/**
 * Saves a server that has already been checked (permission granted, connection tested: lib/connection
 * saveServer) with its token, and leaves demo mode: saving a server means the user wants to use it.
 */
export function saveServerSettings(input: ServerSettingsInput, also: SettingsChange = {}): Promise<void> {
  const token = { value: input.token, place: input.tokenPlace, origin: new URL(input.server.url).origin };
  const server = { server: input.server, token, makeDefault: input.makeDefault };
  return saveSettings({ ...also, server, demoMode: false });
}

/**
 * Turns demo mode on or off. Turning it on keeps the saved servers for later; turning it off needs one
 * (AppError 'validation' otherwise), and then uses them again.
 */
export async function setDemoMode(on: boolean): Promise<void> {
  // The servers in force count, so an organization's server is enough to leave demo mode.
  if (!on && (await loadSettings()).servers.length === 0)
    throw new AppError('validation', t('store_demoNeedsServer'), {
      fields: { demoMode: [t('store_saveServerFirst')] },
    });
  await saveSettings({ demoMode: on });
}

/** Saves the defaults for new pushes after checking their ranges (AppError 'validation' with fields). */
export async function saveDefaults(defaults: PushDefaults): Promise<PushDefaults> {
  const valid = validateDefaults(defaults);
  await saveSettings({ defaults: valid });
  return valid;
}
