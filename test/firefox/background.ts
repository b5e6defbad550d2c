/**
 * Reaching Firefox's background page from an extension page: it plays the part of Chromium's service
 * worker in tests (../shared/docs/toolchain.md "Firefox"). The journeys' build (SECRET_PUSH_E2E=1) exposes
 * quick push's handlers there as `secretPushQuickPush` (lib/quick-push/e2e-hook.ts).
 */
import type { Page } from 'puppeteer-core';
import type { MenuClick } from '@/lib/quick-push/menus';
import type { QuickPushOutcome } from '@/lib/quick-push/types';

/** Runs a quick push from a context-menu click, as contextMenus.onClicked would, in the background page. */
export function quickPushFromMenu(page: Page, info: MenuClick): Promise<QuickPushOutcome> {
  return page.evaluate((click) => {
    const background = browser.extension.getBackgroundPage() as unknown as {
      secretPushQuickPush: { menuClicked(info: MenuClick): Promise<QuickPushOutcome> };
    };
    return background.secretPushQuickPush.menuClicked(click);
  }, info);
}

/** The clipboard's text, read in an extension page (dom.events.testing.asyncClipboard, clipboardRead). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}
