/**
 * The background's side of the hand-off: it erases the popup's kept result when its 10 minutes are up (the
 * alarm the popup set) and as soon as the settings no longer have its server (removed, or demo mode left),
 * whether or not the popup is ever opened again.
 */
import { followSettings, readSettings } from '@/lib/settings/read';
import { handoffClock } from './clock';
import { serversOf } from './core';
import { HANDOFF_ALARM, handoffStore } from './index';

/** Reads the kept result as the settings `servers` allow: an expired or orphaned one is erased by the read. */
async function prune(servers?: readonly string[]): Promise<void> {
  const known = servers ?? serversOf((await readSettings()).settings);
  await handoffStore({ now: await handoffClock() }).read(known);
}

/** Listens for the erase alarm and for settings changes; called on every start of the background. */
export function registerHandoff(): void {
  const report = (error: unknown) => console.error('Could not erase the popup’s kept result', error);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === HANDOFF_ALARM) prune().catch(report);
  });
  followSettings((read) => prune(serversOf(read.settings)).catch(report));
}
