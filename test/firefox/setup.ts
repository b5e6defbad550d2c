/**
 * The one set-up of the Firefox checks (test/firefox/*.test.ts): a file calls useFirefox() once at its top,
 * which launches Firefox ESR (and, when asked, a mock host with ALICE's account) before its tests and closes
 * both after them. Beside it, the steps several checks take: an extension page to reach the browser's APIs
 * from, quick push in the background page, the clipboard, a saved server and the options page's Connect.
 */
// startMockHost's store (idb) needs the IDB globals in this Node process, as in test/e2e/popup-support.ts.
import 'fake-indexeddb/auto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import type { MenuClick } from '@/lib/quick-push/menus';
import type { QuickPushOutcome } from '@/lib/quick-push/types';
import { ALICE } from '../browser-steps';
import { savedServer } from '../saved-server';
import { launchFirefox, OPTIONS_READY, type Firefox, type FirefoxOptions } from './browser';

export { ALICE };

export interface FirefoxCheck extends Firefox {
  /** The mock host with ALICE's account (only when useFirefox was asked for one). */
  host: MockHost;
  /** Opens the options page, waited for until `ready`: the extension page the checks reach the APIs from. */
  options(ready?: string): Promise<Page>;
}

/**
 * Declares the file's launch and close hooks; the getter it returns gives the running Firefox (and host)
 * inside a test. `host: true` starts the mock host first, so a check can point the extension at it.
 */
export function useFirefox(options: FirefoxOptions & { host?: boolean } = {}): () => FirefoxCheck {
  let check: FirefoxCheck | undefined;
  let host: MockHost | undefined;
  let firefox: Firefox | undefined;
  beforeAll(async () => {
    if (options.host) host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
    const launched = (firefox = await launchFirefox(options));
    check = {
      ...launched,
      get host() {
        if (!host) throw new Error('useFirefox({ host: true }) starts the mock host');
        return host;
      },
      options: (ready = OPTIONS_READY) => launched.open('options.html', ready),
    };
  });
  afterAll(async () => {
    await firefox?.close();
    await host?.close();
  });
  return () => {
    if (!check) throw new Error('Firefox is launched in beforeAll: read it inside a test');
    return check;
  };
}

/** Runs a quick push from a context-menu click, as contextMenus.onClicked would, in the background page. */
export function quickPushFromMenu(page: Page, info: MenuClick): Promise<QuickPushOutcome> {
  // The journeys' build (SECRET_PUSH_E2E=1) exposes quick push's handlers there (lib/quick-push/e2e-hook.ts).
  return page.evaluate((click) => {
    const background = browser.extension.getBackgroundPage() as unknown as {
      secretPushQuickPush: { menuClicked(info: MenuClick): Promise<QuickPushOutcome> };
    };
    return background.secretPushQuickPush.menuClicked(click);
  }, info);
}

/** The link a quick push that pushed copied. */
export const linkOf = (outcome: QuickPushOutcome) => (outcome as { link: string }).link;

/** The clipboard's text, read in an extension page (dom.events.testing.asyncClipboard, clipboardRead). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Saves `baseUrl` as the server, with `token`, as the options page stores it. */
export function useHost(page: Page, baseUrl: string, token: string) {
  return page.evaluate((stored) => browser.storage.local.set(stored), savedServer(baseUrl, token));
}

/** The visible text of the page. */
export function pageText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Waits until the page's visible text contains `text`. */
export async function waitForText(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}

/**
 * On the options page (opened at '#server-choice'): a self-hosted server at `url` with `token`, connected as
 * a person would, its token kept on the device or, with `sessionOnly`, for this browser session only.
 */
export async function connect(options: Page, url: string, token: string, sessionOnly = false) {
  await options.select('#server-choice', 'self-hosted');
  await options.waitForSelector('#server-url');
  await options.type('#server-url', url);
  await options.type('#api-token', token);
  if (sessionOnly) await options.locator('::-p-aria(This browser session only[role="radio"])').click();
  await options.locator('::-p-aria(Connect[role="button"])').click();
  await waitForText(options, 'Saved. Pushes now go to this server.');
}
