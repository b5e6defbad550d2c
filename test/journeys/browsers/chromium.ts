/**
 * Real Chromium (Debian's package) driven by Playwright, the design card's tester: a persistent context with
 * the journeys' build loaded unpacked (test/e2e/fixtures.ts launchWithExtension), seen through the journeys'
 * interface.
 */
import type { BrowserContext, Worker } from '@playwright/test';
import { waitFor } from '../../browser-steps';
import { launchWithExtension, welcomePage } from '../../e2e/fixtures';
import { playwrightPage } from './playwright-page';
import type { ExtensionBrowser, LaunchOptions } from './types';

/**
 * Right after launch the worker's context may answer before its global scope is set up (`chrome`
 * undefined: seen with puppeteer in 4 of 10 launches). Asks again until the extension's bindings are there.
 */
const bindingsReady = (worker: Worker) =>
  waitFor("the service worker's chrome bindings", async () =>
    (await worker.evaluate('typeof globalThis.chrome?.runtime?.id === "string"')) ? true : undefined,
  );

/** The tab whose address starts with `prefix` (a new tab starts at about:blank), waited for up to 15 s. */
const openedTab = (context: BrowserContext, prefix: string) =>
  waitFor(`a tab at ${prefix}`, async () => {
    const page = context.pages().find((tab) => tab.url().startsWith(prefix));
    return page && playwrightPage(page);
  });

export async function launchChromium(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const { context, close } = await launchWithExtension(options);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await bindingsReady(worker);
  const base = `chrome-extension://${new URL(worker.url()).host}`;
  const newTab = async (url: string) => {
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'domcontentloaded' });
    return playwrightPage(tab);
  };
  return {
    name: 'chromium',
    base,
    welcome: playwrightPage(await welcomePage(context)),
    opened: (prefix) => openedTab(context, prefix),
    async open(page, ready) {
      const tab = await newTab(`${base}/${page}`);
      await tab.waitForSelector(ready);
      return tab;
    },
    async web(url) {
      const tab = await context.newPage();
      await tab.goto(url);
      return playwrightPage(tab);
    },
    background(fn, arg) {
      // The journeys keep the worker awake (each step wakes it), so the one handle serves.
      return worker.evaluate(
        `(${fn.toString()})({ chrome, browser: chrome, secretPushQuickPush: globalThis.secretPushQuickPush, secretPushWatch: globalThis.secretPushWatch }, ${JSON.stringify(arg)})`,
      ) as never;
    },
    async clipboard() {
      await context.grantPermissions(['clipboard-read']);
      const tab = await newTab(`${base}/popup.html`);
      await tab.bringToFront();
      const text = await tab.evaluate(() => navigator.clipboard.readText());
      await tab.close();
      return text;
    },
    close,
  };
}
