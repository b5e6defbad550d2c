/**
 * Real Firefox ESR driven over WebDriver BiDi by puppeteer-core (no browser download: Debian's firefox-esr),
 * with the journeys' build of the extension installed as a temporary add-on under a fixed UUID, so that
 * its pages have known addresses. Recipe: ../shared/docs/toolchain.md "Firefox".
 */
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const GECKO_ID = 'secret-push@example.com';
export const UUID = '5ec2e7b0-5eed-4a11-9a5e-000000000001';
export const EXT_BASE = `moz-extension://${UUID}`;

/**
 * What shows the options page is ready, whether servers are saved or not (issue 18: with none its
 * Connection form is open, with some it starts folded on their list; before the background has stored the
 * policy copy it says only "Getting ready…"): the demo mode switch, shown in both states. Tests that open
 * the page only as an extension page to reach the browser's APIs from wait for this.
 */
export const OPTIONS_READY = '::-p-aria(Demo mode[role="switch"])';

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

export interface Firefox {
  browser: Browser;
  /** The welcome page the install opened by itself, waited for at launch; it stays open. */
  welcome: Page;
  /** A tab whose address starts with `prefix` (the extension opened it), waited for up to 15 s. */
  opened(prefix: string): Promise<Page>;
  /** Opens an extension page (`popup.html`, `viewer.html#/p/…`) in a new tab and waits for `ready`. */
  open(page: string, ready: string): Promise<Page>;
  close(): Promise<void>;
}

export interface FirefoxOptions {
  /**
   * Firefox's own notification windows instead of the system's (pref alerts.useSystemBackend off).
   * Headless, the system backend closes every notification at once (onClosed, byUser true); these stay up
   * as they would on a desktop, and test/firefox/chrome.ts reads and clicks them.
   */
  notificationWindows?: boolean;
  /**
   * A policies.json file (`{"policies":{…}}`) read by this browser only: Firefox honours the pref
   * browser.policies.alternatePath under automation (Cu.isInAutomation: the "turn off all security" test
   * pref with MOZ_DISABLE_NONLOCAL_CONNECTIONS=1, which leaves loopback open), so no machine-wide
   * distribution/policies.json is written and other Firefox runs on the machine are not touched.
   */
  policiesFile?: string;
  /** The UI language ("de", "ar"): Firefox uses the Debian language pack it names (firefox-esr-l10n-*). */
  language?: string;
}

/** The prefs and environment that make this browser read `policiesFile` (see FirefoxOptions). */
function policyLaunch(policiesFile: string | undefined) {
  if (!policiesFile) return { prefs: {}, env: undefined };
  return {
    prefs: {
      'security.turn_off_all_security_so_that_viruses_can_take_over_this_computer': true,
      'browser.policies.alternatePath': policiesFile,
    },
    env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' },
  };
}

export async function launchFirefox(options: FirefoxOptions = {}): Promise<Firefox> {
  const extension = path.resolve(process.env.EXT_PATH_FIREFOX ?? '.output/e2e/firefox-mv2');
  const policy = policyLaunch(options.policiesFile);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    // Firefox 153 refuses BiDi navigation to moz-extension:// without it.
    args: ['--remote-allow-system-access'],
    ...(policy.env ? { env: policy.env } : {}),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      // A permission request from a click resolves without a prompt nobody could click.
      'extensions.webextOptionalPermissionPrompts': false,
      'dom.events.testing.asyncClipboard': true,
      ...(options.notificationWindows ? { 'alerts.useSystemBackend': false } : {}),
      ...policy.prefs,
      ...(options.language ? { 'intl.locale.requested': options.language } : {}),
    },
  });
  let welcome: Page;
  try {
    await browser.installExtension(extension);
    // The install opens the welcome page a moment later: waited for here, so it never opens mid-test.
    welcome = await openedTab(browser, `${EXT_BASE}/welcome.html`);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    browser,
    welcome,
    opened: (prefix) => openedTab(browser, prefix),
    open: async (page, ready) => openIn(await browser.newPage(), page, ready),
    close: () => browser.close(),
  };
}

/**
 * The tab whose address starts with `prefix`. Firefox's BiDi reports a moz-extension:// tab as about:blank
 * (no navigation events for extension pages), so each tab is asked for its own address.
 */
async function openedTab(browser: Browser, prefix: string, timeout = 15_000): Promise<Page> {
  for (const started = Date.now(); Date.now() - started < timeout; ) {
    for (const page of await browser.pages()) {
      // A tab still loading or closing cannot answer yet; the next round asks it again.
      const href = await page.evaluate(() => location.href).catch(() => '');
      if (href.startsWith(prefix)) return page;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No tab opened at ${prefix} within ${timeout} ms`);
}
