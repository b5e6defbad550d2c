/**
 * The one set-up of the Firefox checks (test/firefox/*.test.ts): a file calls useFirefox() once at its top,
 * which starts a mock host with ALICE's account and launches Firefox ESR with its own notification windows
 * before its tests, and closes both after them. The checks drive Firefox through the journeys' interface
 * (`ext`, the same steps as test/journeys) and reach Firefox's own windows through `browser` (./chrome.ts).
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import type { MockHost } from '@/lib/mock/host/server';
import type { JourneyPage } from '../journeys/browsers';
import { launchFirefoxJourneys, type FirefoxBrowser } from '../journeys/browsers/firefox';
import { useMockHost } from '../journeys/steps';
import { OPTIONS_READY } from './browser';

export interface FirefoxCheck {
  ext: FirefoxBrowser;
  /** puppeteer's browser, for Firefox's own windows (./chrome.ts). */
  browser: Browser;
  host: MockHost;
  /** Opens the options page, waited for until `ready`: the extension page the checks reach the APIs from. */
  options(ready?: string): Promise<JourneyPage>;
}

/** Declares the file's launch and close hooks; the getter it returns gives them inside a test. */
export function useFirefox(): () => FirefoxCheck {
  const host = useMockHost();
  let check: FirefoxCheck | undefined;
  beforeAll(async () => {
    // Firefox's own notification windows (see FirefoxOptions): they stay up to be read and clicked.
    const ext = await launchFirefoxJourneys({ notificationWindows: true });
    const options = (ready = OPTIONS_READY) => ext.open('options.html', ready);
    check = { ext, browser: ext.puppeteer, host: host(), options }; // host(): its hook was declared first
  });
  afterAll(() => check?.ext.close());
  return () => {
    if (!check) throw new Error('Firefox is launched in beforeAll: read it inside a test');
    return check;
  };
}
