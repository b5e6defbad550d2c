/**
 * The watcher's startup work (erase the accounts the user left, set the alarm, draw the badge) runs once per
 * browser session, not at every wake of Chrome's service worker, where it would compete with the event that
 * woke it (a quick push) for the worker's one thread. Skipping it on a wake is safe because everything it
 * produces outlives the worker within a session:
 * - the alarm: alarms persist across worker restarts and are lost at most when the browser restarts or the
 *   extension is reloaded or updated (developer.chrome.com/docs/extensions/reference/api/alarms, Persistence);
 * - the badge: the action's badge text is browser state kept for the extension, not the worker's;
 * - the erase: a settings change wakes the worker (storage.onChanged) and erases then, and every refresh
 *   erases first.
 * The marker lives in storage.session, which is cleared when the browser stops and when the extension is
 * reloaded, updated or disabled: exactly the moments the alarm or the badge may be gone. A settings or
 * policy change still sets the alarm and the badge again at once (index.ts).
 */
import { readSettings } from '@/lib/settings';
import { watchStartedItem } from '@/lib/store';
import type { WatchCache } from '../cache';
import { ensureAlarm } from './alarm';
import { updateBadge } from './badge';

/** Runs `work` unless it already ran in this browser session; marks it done only once it succeeded. */
export async function oncePerSession(work: () => Promise<unknown>): Promise<void> {
  if (await watchStartedItem.getValue()) return;
  await work();
  await watchStartedItem.setValue(true);
}

/**
 * The startup work: erases the accounts left and the expired demo pushes (a session shorter than the alarm's
 * period would otherwise never erase them), then sets the alarm and draws the badge.
 */
export async function startUp(
  forget: () => Promise<unknown>,
  cacheFor: (account: string) => WatchCache,
  eraseDemo: () => Promise<unknown>,
): Promise<void> {
  await Promise.all([forget(), eraseDemo()]);
  const settings = (await readSettings()).preferences.watch;
  await Promise.all([ensureAlarm(settings), updateBadge(cacheFor, settings)]);
}

/**
 * The expired demo pushes' eraser, never failing: a database the browser refuses (Firefox's private
 * windows) must not stop the watcher's startup or its alarm.
 */
export function demoEraser(erase: () => Promise<unknown>): () => Promise<unknown> {
  // Logged for developers. i18n-ignore
  return () =>
    erase().catch((error: unknown) => console.error('Watcher: erasing expired demo pushes failed', error));
}
