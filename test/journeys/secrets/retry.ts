/**
 * A quick push that fails because the token is rejected: its text is held in storage.session for the
 * notification's action ("Try again"; a click on the notification in Firefox) and for nothing else.
 */
import { expect } from 'vitest';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { record, recorded, notificationsShown } from '../background-steps';
import type { BrowserName, ExtensionBrowser } from '../browsers';
import { ALICE, ownerClient, useServer } from '../steps';
import { menu, pushed, storedText, tryAgain } from './quick';

export interface FailedQuickPush {
  notificationId: string;
  secret: string;
  hostUrl: string;
}

/**
 * Fails a quick push, held for "Try again". Run before anything is cached: a token change is another
 * account, and the pushes cached for the one left are erased (issue 9).
 */
export async function failQuickPush(browser: ExtensionBrowser, hostUrl: string): Promise<FailedQuickPush> {
  const secret = 'zq-quick-retry-c81d';
  await useServer(browser, hostUrl, 'zq-wrong-token-0000');
  await record(browser); // the notifications that close from here on (Firefox: at once, as if by the user)
  const failed = await menu(browser, { menuItemId: MENU_IDS.selection, selectionText: secret });
  expect(failed).toMatchObject({ status: 'failed', retry: true }); // retry: the text was held
  if (browser.name === 'chromium') expect(await storedText(browser)).toContain(secret);
  await useServer(browser, hostUrl, ALICE.token);
  return { notificationId: failed.notificationId, secret, hostUrl };
}

/** What the failed push's "Try again" does in each browser, for the journey's name. */
export const RETRY_IN: Record<BrowserName, string> = {
  chromium: '"Try again" sends a failed quick push',
  firefox:
    'headless Firefox closes notifications at once, so a failed quick push is dropped and "Try again" finds nothing',
};

/**
 * The notification's action on the failed push: in Chromium "Try again" sends the held text (its url_token
 * returned). Headless Firefox closes every notification at once, as if by the user, which drops the text:
 * the action says so and sends nothing (none returned).
 */
export async function retryFailed(browser: ExtensionBrowser, failed: FailedQuickPush): Promise<string[]> {
  if (browser.name === 'chromium') return [pushed(await tryAgain(browser, failed.notificationId))];
  const closed = async () => (await recorded(browser)).closed;
  await expect.poll(closed).toContainEqual({ id: failed.notificationId, byUser: true });
  expect(await notificationsShown(browser)).not.toContain(failed.notificationId);
  await expect.poll(() => storedText(browser)).not.toContain(failed.secret);
  const onServer = async () => (await ownerClient(failed.hostUrl).activeAll()).length;
  const before = await onServer();
  expect(await tryAgain(browser, failed.notificationId)).toMatchObject({
    status: 'nothing',
    message: 'The text to send is no longer held. Push it again from the page.',
  });
  expect(await onServer()).toBe(before);
  return [];
}
