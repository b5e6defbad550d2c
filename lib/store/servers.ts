/**
 * The saved servers as one small API (issue 12): the list, the default, saving, removing. Pages and other
 * layers (a managed policy's overlay among them) go through these, never through the items themselves.
 */
import { readServers, type ServerList } from './items';
import { readServerState, saveServerSettings, writeSettings } from './save';
import { withDefault, withoutServer } from './server-list';

export { saveServerSettings as saveServerEntry, type ServerSettingsInput } from './save';
export { settingsFor, type ServerProfile } from './settings';

/** The saved servers in the order they were added, and the default one's url (null while none is saved). */
export function listServers(): Promise<ServerList> {
  return readServers();
}

/**
 * Removes a saved server and its token, from wherever it was kept. The default passes to the first server
 * left; with none left the extension goes back to demo mode (the one service still there). Returns the list
 * as saved. The watcher erases the server's cached pushes when it sees the list change (lib/watch/forget.ts).
 */
export async function removeServer(url: string): Promise<ServerList> {
  const before = await readServerState();
  const after = withoutServer(before, url);
  const demoMode = after.list.servers.length === 0 ? true : undefined;
  await writeSettings({ demoMode }, before, after);
  return after.list;
}

/** Makes a saved server the default one (quick push and a new popup use it); unknown urls change nothing. */
export async function setDefaultServer(url: string): Promise<void> {
  const before = await readServerState();
  await writeSettings({}, before, { ...before, list: withDefault(before.list, url) });
}

/** Saves a checked server (see saveServerSettings; lib/connection saveServer checks it first). */
export const saveServer = saveServerSettings;
