/**
 * Quick pushes (lib/quick-push) through the handlers the context menu, the keyboard shortcut and a
 * notification's action call: the SECRET_PUSH_E2E=1 build's background global, the seam both browsers
 * share, since no driver can click a native menu or notification.
 */
import { MENU_IDS, type MenuClick } from '@/lib/quick-push/menus';
import type { QuickPushOutcome } from '@/lib/quick-push/types';
import type { ExtensionBrowser } from '../browsers';
import type { Made } from './form';

/** What contextMenus.onClicked would do for this click. */
export function menu(browser: ExtensionBrowser, info: MenuClick, tabId?: number): Promise<QuickPushOutcome> {
  return browser.background(
    (g, { info, tabId }) =>
      g.secretPushQuickPush.menuClicked(info, tabId === null ? undefined : { id: tabId }),
    { info, tabId: tabId ?? null },
  );
}

/** What the keyboard shortcut would do in this tab. */
export function shortcut(browser: ExtensionBrowser, tabId: number): Promise<QuickPushOutcome | undefined> {
  return browser.background(
    (g, tabId) => g.secretPushQuickPush.command('push-selection', { id: tabId }),
    tabId,
  );
}

/** What a failure notification's action ("Try again") would do. */
export function tryAgain(browser: ExtensionBrowser, notificationId: string): Promise<QuickPushOutcome> {
  return browser.background((g, id) => g.secretPushQuickPush.tryAgain(id), notificationId);
}

/** A storage area (storage.session unless named), as JSON text. */
export function storedText(browser: ExtensionBrowser, area: 'local' | 'session' = 'session') {
  return browser.background(async (g, area) => JSON.stringify(await g.chrome.storage[area].get(null)), area);
}

/** The link a quick push copied; it fails the test when the push failed. */
export function linkOf(outcome: QuickPushOutcome | undefined): string {
  if (outcome?.status !== 'pushed') throw new Error(`quick push failed: ${outcome?.message}`);
  return outcome.link;
}

/** The url_token of a quick push's link (`…/p/<token>/r`, or the demo viewer's `viewer.html#/p/<token>`). */
export function pushed(outcome: QuickPushOutcome | undefined): string {
  const urlToken = /\/p\/([^/#?]+)/.exec(linkOf(outcome))?.[1];
  if (!urlToken) throw new Error(`Not a push link: ${linkOf(outcome)}`);
  return urlToken;
}

/** "Push selected text", "Push this link" and "Push this page's URL", each with its own secret. */
export async function menuPushes(browser: ExtensionBrowser, tag: string): Promise<Made> {
  const selection = `zq-${tag}-menu-selection-9a4e`;
  const link = `https://zq-${tag}-menu-link-5b2c.example/invite?code=1`;
  const page = `https://zq-${tag}-menu-page-3d8f.example/admin`;
  const urlTokens = [
    pushed(await menu(browser, { menuItemId: MENU_IDS.selection, selectionText: selection })),
    pushed(
      await menu(browser, { menuItemId: MENU_IDS.link, linkUrl: link, pageUrl: 'https://example.com/' }),
    ),
    pushed(await menu(browser, { menuItemId: MENU_IDS.page, pageUrl: page })),
  ];
  return { secrets: [selection, link, page], urlTokens };
}
