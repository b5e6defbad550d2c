/**
 * How Firefox ESR is launched for the tests (test/journeys/browsers/firefox.ts launches it): over WebDriver
 * BiDi by puppeteer-core (no browser download: Debian's firefox-esr), with the journeys' build of the
 * extension installed as a temporary add-on under a fixed UUID, so that its pages have known addresses.
 * Recipe: ../shared/docs/toolchain.md "Firefox".
 */
import type { Browser, LaunchOptions, Page } from 'puppeteer-core';
import { waitFor } from '../browser-steps';
import type { LaunchOptions as JourneyLaunch } from '../journeys/browsers/types';

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
    headless: true,
    // Firefox 153 refuses BiDi navigation to moz-extension:// without it.
    args: ['--remote-allow-system-access'],
    ...(policy ? { env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' } } : {}),
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }),
      // A permission request from a click resolves without a prompt nobody could click.
      'extensions.webextOptionalPermissionPrompts': false,
      'dom.events.testing.asyncClipboard': true,
      ...(options.notificationWindows ? { 'alerts.useSystemBackend': false } : {}),
      ...policy,
      ...(options.language ? { 'intl.locale.requested': options.language } : {}),
    },
  };
}

/**
 * The tab whose address starts with `prefix`, waited for up to 15 s. Firefox's BiDi reports a
 * moz-extension:// tab as about:blank (no navigation events for extension pages), so each tab is asked for
 * its own address; a tab still loading or closing cannot answer yet, and is asked again next round.
 */
export function openedTab(browser: Browser, prefix: string): Promise<Page> {
  return waitFor(`a tab at ${prefix}`, async () => {
    for (const page of await browser.pages())
      if ((await page.evaluate(() => location.href).catch(() => '')).startsWith(prefix)) return page;
  });
}
