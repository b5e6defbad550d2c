/**
 * The one set-up of the Firefox checks (test/firefox/*.test.ts): a file calls useFirefox() once at its top,
 * which starts a mock host with ALICE's account and launches Firefox ESR with its own notification windows
 * before its tests, and closes both after them. The checks drive Firefox through the journeys' interface
 * (`ext`, the same steps as test/journeys) and reach Firefox's own windows through `browser` (./chrome.ts).
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import type { MockHost } from '@/lib/mock/host/server';
import type { ExtensionBrowser, JourneyPage } from '../journeys/browsers';
import { firefoxJourneys } from '../journeys/browsers/firefox';
import { useMockHost } from '../journeys/steps';
import { launchFirefox, OPTIONS_READY, type Firefox } from './browser';

export interface FirefoxCheck {
  ext: ExtensionBrowser;
  /** puppeteer's browser, for Firefox's own windows (./chrome.ts). */
  browser: Browser;
  host: MockHost;
  /** Opens the options page, waited for until `ready`: the extension page the checks reach the APIs from. */
  options(ready?: string): Promise<JourneyPage>;
}

/** Declares the file's launch and close hooks; the getter it returns gives them inside a test. */
export function useFirefox(): () => FirefoxCheck {
  const host = useMockHost();
  let firefox: Firefox | undefined;
  let check: FirefoxCheck | undefined;
  beforeAll(async () => {
    // Firefox's own notification windows (see FirefoxOptions): they stay up to be read and clicked.
    firefox = await launchFirefox({ notificationWindows: true });
    const ext = firefoxJourneys(firefox);
    check = {
      ext,
      browser: firefox.browser,
      host: host(), // started by the hook declared before this one
      options: (ready = OPTIONS_READY) => ext.open('options.html', ready),
    };
  });
  afterAll(() => firefox?.close());
  return () => {
    if (!check) throw new Error('Firefox is launched in beforeAll: read it inside a test');
    return check;
  };
}
