/** The toolbar badge: the current account's unseen events, or its active pushes (the user's choice). */
import type { WatchSettings } from '@/lib/store/items';
import { currentAccount } from './account';
import type { WatchCache } from './cache';
import { countUnseen } from './seen';

function badgeApi() {
  // Firefox MV2 builds have browserAction; Chrome MV3 has action.
  return browser.action ?? browser.browserAction;
}

async function badgeCount(cacheFor: (account: string) => WatchCache, settings: WatchSettings) {
  const { account, server } = await currentAccount();
  if (account === null || server === null) return 0;
  if (settings.badge === 'unseen') return countUnseen(account);
  const pushes = await cacheFor(account).pushes(server);
  return pushes.filter((push) => !push.expired).length;
}

/** Sets the badge from the cache of the saved settings' account (account.ts). */
export async function updateBadge(
  cacheFor: (account: string) => WatchCache,
  settings: WatchSettings,
): Promise<void> {
  const count = await badgeCount(cacheFor, settings);
  await badgeApi().setBadgeText({ text: count > 0 ? String(count) : '' });
}
