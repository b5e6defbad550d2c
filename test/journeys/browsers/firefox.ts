/**
 * Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core, the journeys' build installed as a
 * temporary add-on under a fixed UUID, so its pages have known addresses (../shared/docs/toolchain.md,
 * "Firefox"). Its background page, reached with getBackgroundPage(), plays the service worker's part.
 */
import path from 'node:path';
import puppeteer, { type Browser, type LaunchOptions, type Page } from 'puppeteer-core';
import { waitFor } from '../../browser-steps';
import { puppeteerPage } from './puppeteer-page';
import type { ExtensionBrowser, LaunchOptions as JourneyLaunch } from './types';

export const GECKO_ID = 'secret-push@example.com';
export const UUID = '5ec2e7b0-5eed-4a11-9a5e-000000000001';
export const EXT_BASE = `moz-extension://${UUID}`;

/** puppeteer's BiDi frame, whose browsing context can navigate without waiting for a load event. */
interface BidiFrame {
  browsingContext: { navigate(url: string, wait: 'none' | 'interactive' | 'complete'): Promise<unknown> };
}

/**
 * Opens the extension page `page` (`popup.html`, `viewer.html#/p/…`) in `tab` and waits for `ready`: Firefox's
 * BiDi sends no load event for extension pages, so it navigates without one, then waits for what is needed.
 */
export async function openIn(tab: Page, page: string, ready: string): Promise<Page> {
  await (tab.mainFrame() as unknown as BidiFrame).browsingContext.navigate(
    `${EXT_BASE}/${page}`,
    'interactive',
  );
  await tab.waitForSelector(ready);
  return tab;
}

/** The journeys' launch options (a UI language, notification windows), and a policies file. */
export interface FirefoxOptions extends JourneyLaunch {
  /**
   * A policies.json file (`{"policies":{…}}`) read by this browser only: Firefox honours the pref
   * browser.policies.alternatePath under automation (Cu.isInAutomation: the "turn off all security" test
   * pref with MOZ_DISABLE_NONLOCAL_CONNECTIONS=1, which leaves loopback open), so no machine-wide
   * distribution/policies.json is written and other Firefox runs on the machine are not touched.
   */
  policiesFile?: string;
}

/** puppeteer's launch options for these `options` (see FirefoxOptions). */
export function firefoxLaunch(options: FirefoxOptions): LaunchOptions {
  const policy = options.policiesFile
    ? {
        'security.turn_off_all_security_so_that_viruses_can_take_over_this_computer': true,
        'browser.policies.alternatePath': options.policiesFile,
      }
    : undefined;
  return {
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    // Headed on a display of the caller's (LaunchOptions.display): only there do real key presses reach it.
    headless: !options.display,
    // Firefox 153 refuses BiDi navigation to moz-extension:// without it.
    args: ['--remote-allow-system-access'],
    // A profile of the caller's (LaunchOptions.profileDir), which puppeteer leaves in place after close.
    ...(options.profileDir ? { userDataDir: options.profileDir } : {}),
    ...(policy || options.display
      ? {
          env: {
            ...process.env,
            ...(policy ? { MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' } : {}),
            ...(options.display ? { DISPLAY: options.display } : {}),
          },
        }
      : {}),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      // A permission request from a click resolves without a prompt nobody could click.
      'extensions.webextOptionalPermissionPrompts': false,
      'dom.events.testing.asyncClipboard': true,
      ...(options.notificationWindows ? { 'alerts.useSystemBackend': false } : {}),
      ...policy,
      ...(options.language ? { 'intl.locale.requested': options.language } : {}),
      // Hosts answered as localhost (LaunchOptions.loopbackHosts), over plain HTTP: without the last two,
      // Firefox asked app.slack.com over HTTPS first (HTTPS-First, the HSTS preload list) and failed there.
      ...(options.loopbackHosts?.length
        ? {
            'network.dns.localDomains': options.loopbackHosts.join(','),
            'dom.security.https_first': false,
            'network.stricttransportsecurity.preloadlist': false,
          }
        : {}),
    },
  };
}

/**
 * The tab whose address starts with `prefix`, waited for up to 15 s. Firefox's BiDi reports a
 * moz-extension:// tab as about:blank (no navigation events for extension pages), so each tab is asked for
 * its own address; a tab still loading or closing cannot answer yet, and is asked again next round.
 */
export function openedTab(browser: Browser, prefix: string, timeoutMs?: number): Promise<Page> {
  return waitFor(
    `a tab at ${prefix}`,
    async () => {
      for (const page of await browser.pages()) {
        // The driver's own record of the address first: a page still loading may not answer an evaluate.
        const href = page.url().startsWith(prefix)
          ? page.url()
          : await page.evaluate(() => location.href).catch(() => '');
        if (href.startsWith(prefix)) return page;
      }
    },
    timeoutMs,
  );
}

/** Firefox as the journeys drive it, and puppeteer's browser for Firefox's own windows (./firefox-chrome.ts). */
export interface FirefoxBrowser extends ExtensionBrowser {
  puppeteer: Browser;
}

/** puppeteer's browser behind a journey's Firefox, for its own windows: menus, notifications (./firefox-chrome.ts). */
export function puppeteerOf(browser: ExtensionBrowser): Browser {
  if (browser.name !== 'firefox') throw new Error(`Firefox only, not ${browser.name}`);
  return (browser as FirefoxBrowser).puppeteer;
}

export async function launchFirefoxJourneys(options: FirefoxOptions = {}): Promise<FirefoxBrowser> {
  try {
    return await launchOnce(options);
  } catch (error) {
    // A Firefox whose install never opened the welcome page in 60 s (once in a clean-clone CI run, with 18
    // other launches fine) is started again, once, and said; a second failure fails the suite.
    if (!String(error).includes('welcome.html')) throw error;
    console.warn(`Firefox launched again: ${String(error)}`);
    return launchOnce(options);
  }
}

async function launchOnce(options: FirefoxOptions): Promise<FirefoxBrowser> {
  const browser = await puppeteer.launch(firefoxLaunch(options));
  let welcome: Page;
  try {
    await browser.installExtension(path.resolve(process.env.EXT_PATH_FIREFOX ?? '.output/e2e/firefox-mv2'));
    // The install opens the welcome page a moment later: waited for here, so it never opens mid-test.
    // Up to 60 s: in two full runs one Firefox of fourteen took over 15 s, then over 30 s, to open it (a
    // first launch once took 30 s in a loop of 16 on an idle machine, the rest 3-5 s); a slow one is said.
    const started = Date.now();
    welcome = await openedTab(browser, `${EXT_BASE}/welcome.html`, 60_000);
    if (Date.now() - started > 15_000)
      console.warn(`Firefox opened the welcome page ${Date.now() - started} ms after the install`);
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
    async stopBackground() {
      const page = await reach();
      // The background page reloaded as an update reloads it: a new document whose script runs again. The
      // old document's mark is gone from the new one, and its quick-push seam is back once the script ran.
      const background = 'browser.extension.getBackgroundPage()';
      await page.evaluate(`${background}.secretPushStopped = true; ${background}.location.reload()`);
      // Asked from here, again and again: a wait in the bridge tab (waitForFunction) once never saw the new
      // page (its poll, in a tab behind another one, stopped when it met the old page as it went away).
      const restarted = `(() => { try { const bg = ${background}; return !!bg && bg.document.readyState === 'complete' && !bg.secretPushStopped && bg.secretPushQuickPush !== undefined; } catch { return false; } })()`;
      await waitFor('the reloaded background page', async () =>
        (await page.evaluate(restarted).catch(() => false)) ? true : undefined,
      );
    },
    close: () => browser.close(),
  };
}
