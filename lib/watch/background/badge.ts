/** The toolbar badge: the followed accounts' unseen events, or their active pushes (the user's choice). */
import { readSettings, type WatchSettings } from '@/lib/settings';
import { currentAccounts, type Followed } from '../account';
import type { WatchCache } from '../cache';
import { countUnseen } from '../seen';

function badgeApi() {
  // Firefox MV2 builds have browserAction; Chrome MV3 has action.
  return browser.action ?? browser.browserAction;
}

async function accountCount(
  cacheFor: (account: string) => WatchCache,
  settings: WatchSettings,
  followed: Followed,
) {
  if (settings.badge === 'unseen') return countUnseen(followed.account);
  const pushes = await cacheFor(followed.account).pushes(followed.server);
  return pushes.filter((push) => !push.expired).length;
}

async function badgeCount(cacheFor: (account: string) => WatchCache, settings: WatchSettings) {
  const counts = await Promise.all(
    (await currentAccounts()).map((one) => accountCount(cacheFor, settings, one)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Sets the badge from the cache of every followed account (account.ts followedAccounts). */
export async function updateBadge(
  cacheFor: (account: string) => WatchCache,
  settings: WatchSettings,
): Promise<void> {
  const count = await badgeCount(cacheFor, settings);
  await badgeApi().setBadgeText({ text: count > 0 ? String(count) : '' });
}

/** The badge drawn again with the watch settings in force. */
export function badgeRedrawer(cacheFor: (account: string) => WatchCache): () => Promise<void> {
  return () => readSettings().then((read) => updateBadge(cacheFor, read.preferences.watch));
}
