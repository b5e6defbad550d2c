/**
 * Real Firefox ESR over WebDriver BiDi (test/firefox/browser.ts), seen through the journeys' interface. Its
 * background page plays the service worker's part: an extension page reaches it with getBackgroundPage().
 */
import type { Page } from 'puppeteer-core';
import { EXT_BASE, launchFirefox, type Firefox, type FirefoxOptions } from '../../firefox/browser';
import { puppeteerPage } from './puppeteer-page';
import type { ExtensionBrowser } from './types';

export async function launchFirefoxJourneys(options: FirefoxOptions = {}): Promise<ExtensionBrowser> {
  return firefoxJourneys(await launchFirefox(options));
}

/** A launched Firefox as the journeys drive it (the Firefox checks in test/firefox drive it so too). */
export function firefoxJourneys(firefox: Firefox): ExtensionBrowser {
  let bridge: Page | null = null;
  // One extension tab stays open to reach the background page from.
  const reach = async () => (bridge ??= await firefox.open('viewer.html', 'body'));
  return {
    name: 'firefox',
    base: EXT_BASE,
    welcome: puppeteerPage(firefox.welcome),
    opened: async (prefix) => puppeteerPage(await firefox.opened(prefix)),
    open: async (page, ready) => puppeteerPage(await firefox.open(page, ready)),
    async web(url) {
      const tab = await firefox.browser.newPage();
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
    close: firefox.close,
  };
}
