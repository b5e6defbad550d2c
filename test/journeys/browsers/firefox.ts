/**
 * Real Firefox ESR over WebDriver BiDi (launched as test/firefox/browser.ts says), seen through the journeys'
 * interface. Its background page plays the service worker's part: an extension page reaches it with
 * getBackgroundPage().
 */
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { EXT_BASE, firefoxLaunch, openedTab, openIn, type FirefoxOptions } from '../../firefox/browser';
import { puppeteerPage } from './puppeteer-page';
import type { ExtensionBrowser } from './types';

/** Firefox as the journeys drive it, and puppeteer's browser for Firefox's own windows (test/firefox). */
export interface FirefoxBrowser extends ExtensionBrowser {
  puppeteer: Browser;
}

/** puppeteer's browser behind a journey's Firefox, for its own windows: menus, notifications (../../firefox/chrome.ts). */
export function puppeteerOf(browser: ExtensionBrowser): Browser {
  if (browser.name !== 'firefox') throw new Error(`Firefox only, not ${browser.name}`);
  return (browser as FirefoxBrowser).puppeteer;
}

export async function launchFirefoxJourneys(options: FirefoxOptions = {}): Promise<FirefoxBrowser> {
  const browser = await puppeteer.launch(firefoxLaunch(options));
  let welcome: Page;
  try {
    await browser.installExtension(path.resolve(process.env.EXT_PATH_FIREFOX ?? '.output/e2e/firefox-mv2'));
    // The install opens the welcome page a moment later: waited for here, so it never opens mid-test.
    welcome = await openedTab(browser, `${EXT_BASE}/welcome.html`);
  } catch (error) {
    await browser.close();
    throw error;
  }
  const open = async (page: string, ready: string) => openIn(await browser.newPage(), page, ready);
  let bridge: Page | null = null;
  // One extension tab stays open to reach the background page from.
  const reach = async () => (bridge ??= await open('viewer.html', 'body'));
  return {
    name: 'firefox',
    base: EXT_BASE,
    puppeteer: browser,
    welcome: puppeteerPage(welcome),
    opened: async (prefix) => puppeteerPage(await openedTab(browser, prefix)),
    open: async (page, ready) => puppeteerPage(await open(page, ready)),
    async web(url) {
      const tab = await browser.newPage();
      await tab.goto(url);
      return puppeteerPage(tab);
    },
    async background(fn, arg) {
      const page = await reach();
      // Firefox's `chrome` namespace takes callbacks; its `browser` returns promises: journeys get the latter.
      return page.evaluate(
        `((bg) => (${fn.toString()})({ chrome: bg.browser, browser: bg.browser, secretPushQuickPush: bg.secretPushQuickPush, secretPushWatch: bg.secretPushWatch }, ${JSON.stringify(arg)}))(browser.extension.getBackgroundPage())`,
      ) as never;
    },
    async clipboard() {
      // The test profile's dom.events.testing.asyncClipboard lets an extension page read it.
      const page = await reach();
      await page.bringToFront();
      return page.evaluate(() => navigator.clipboard.readText());
    },
    close: () => browser.close(),
  };
}
