/**
 * The background's side of the hand-off: it erases the popup's kept result when its 10 minutes are up (the
 * alarm the popup set) and as soon as the settings no longer have its server (removed, or demo mode left),
 * whether or not the popup is ever opened again.
 */
import { followSettings, readSettings } from '@/lib/settings/read';
import { handoffItem } from '@/lib/store';
import { handoffClock } from './clock';
import { erasedAt, parseHandoff, serversOf } from './core';
import { HANDOFF_ALARM, handoffStore } from './index';

/** Reads the kept result as the settings `servers` allow: an expired or orphaned one is erased by the read. */
async function prune(servers?: readonly string[]): Promise<void> {
  const known = servers ?? serversOf((await readSettings()).settings);
  await handoffStore({ now: await handoffClock() }).read(known);
}

/**
 * The erase alarm follows the kept result: set for its 10 minutes when one is kept (by the popup, or by a
 * quick push here), cleared when it is erased; a result kept for a server no longer saved is erased at once.
 * Alarms run on the real clock: a test build's moved clock is met by the read's check instead.
 */
async function followKept(value: unknown): Promise<void> {
  const kept = parseHandoff(value);
  if (!kept) {
    await browser.alarms.clear(HANDOFF_ALARM);
    return;
  }
  await browser.alarms.create(HANDOFF_ALARM, { when: erasedAt(kept) });
  // A result written for a server the settings no longer have (kept again as its server was removed) goes.
  await prune();
}

/**
 * Listens for the kept result, the erase alarm and settings changes; called on every start of the
 * background.
 */
export function registerHandoff(): void {
  const report = (error: unknown) => console.error('Could not erase the popup’s kept result', error);
  handoffItem.watch((value) => void followKept(value).catch(report));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === HANDOFF_ALARM) prune().catch(report);
  });
  followSettings((read) => prune(serversOf(read.settings)).catch(report));
}
