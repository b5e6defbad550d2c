/**
 * The browsers every shared journey runs in. `forEachBrowser` makes one describe block per browser (named
 * after it, so a report says which browser a failure was in), with the browser launched once for the block.
 * JOURNEY_BROWSERS=chromium (or firefox) narrows a run while working on a journey; `npm test` runs both.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { launchChromium } from './chromium';
import { launchFirefoxJourneys } from './firefox';
import type { BrowserName, ExtensionBrowser, LaunchOptions } from './types';

export type * from './types';

type Launch = (name: BrowserName) => Promise<ExtensionBrowser>;

const launchers: Record<BrowserName, (options?: LaunchOptions) => Promise<ExtensionBrowser>> = {
  chromium: launchChromium,
  firefox: launchFirefoxJourneys,
};

const selected = (process.env.JOURNEY_BROWSERS ?? 'chromium,firefox')
  .split(',')
  .map((name) => name.trim()) as BrowserName[];

export const BROWSERS: BrowserName[] = selected.filter((name) => name in launchers);

/**
 * Declares `body` once per browser, with the browser's name (to branch on, and say so in a test's name) and a
 * getter for the launched browser. `options` start each the same way (a UI language); `launch`, if given,
 * starts it instead (under a managed policy: policy.journey.ts).
 */
export function forEachBrowser(
  title: string,
  body: (name: BrowserName, browser: () => ExtensionBrowser) => void,
  { launch = (name) => launchers[name](options), ...options }: LaunchOptions & { launch?: Launch } = {},
): void {
  for (const name of BROWSERS) {
    describe(`${name}: ${title}`, () => {
      let launched: ExtensionBrowser | undefined;
      beforeAll(async () => {
        launched = await launch(name);
      });
      afterAll(() => launched?.close());
      body(name, () => {
        if (!launched) throw new Error(`${name} did not start`);
        return launched;
      });
    });
  }
}
