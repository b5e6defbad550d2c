/**
 * Removing a saved server (issue 12): its token and entry go from the store, the watcher then erases its
 * cached pushes, and the browser's access to its host is given back when no other saved server needs it.
 */
import { hostPermissionPattern, readSettings, saveSettings } from '@/lib/settings';

/**
 * Removes the saved server `url` and, when no server left shares its host permission (a pattern names the
 * host without the port, so two loopback servers share one), gives that permission back. A permission the
 * browser will not remove (one granted at install, as the test build's loopback) is left, and said in the
 * console: the server is removed all the same.
 */
export async function removeSavedServer(url: string): Promise<void> {
  await saveSettings({ type: 'remove', url });
  const { servers } = (await readSettings()).state.list;
  const pattern = hostPermissionPattern(url);
  if (servers.some((server) => hostPermissionPattern(server.url) === pattern)) return;
  try {
    await browser.permissions.remove({ origins: [pattern] });
  } catch (error) {
    console.error('The host permission of a removed server stays', error);
  }
}
