import { test as base, chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const EXT_PATH = path.resolve(process.env.EXT_PATH ?? '.output/chrome-mv3');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium off the network (the machine has none) and working as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * `language` starts Chromium in that UI language (chrome.i18n follows the LANGUAGE environment variable
 * here, not --lang: docs/toolchain.md, "Chromium in another UI language").
 */
export async function launchWithExtension(options: { language?: string } = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  if (!fs.existsSync(path.join(EXT_PATH, 'manifest.json')))
    throw new Error(`No built extension at ${EXT_PATH}: run \`npx wxt build\` first`);
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--disable-extensions-except=${EXT_PATH}`, `--load-extension=${EXT_PATH}`, ...CHROMIUM_ARGS],
    ...(options.language ? { env: { ...process.env, LANGUAGE: options.language } } : {}),
  });
  // The install opens the welcome page by itself, a moment after launch. A test starts once it is there, so it
  // never comes to the front in the middle of a test or is taken for the page a test opened. It stays open
  // (behind the tabs a test opens): closing it at once left the next extension page, now and then, with no
  // messages at all (every word shown as its key), seen 3 times in ~80 launches under load.
  // test/journeys/first-run.journey.ts checks the page itself.
  await welcomePage(context);
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The welcome tab the install opened (lib/welcome/background.ts), waited for if it is not open yet. */
export async function welcomePage(context: BrowserContext): Promise<Page> {
  const isWelcome = (page: Page) => /^chrome-extension:\/\/[a-p]{32}\/welcome\.html$/.test(page.url());
  return (
    context.pages().find(isWelcome) ??
    (await context.waitForEvent('page', { predicate: isWelcome, timeout: 15_000 }))
  );
}

export const test = base.extend<{
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** Opens the extension's page `path` (`viewer.html`, `options.html`), or a full URL, in a new tab. */
  openPage: (path: string) => Promise<Page>;
  /**
   * The real clipboard's text, read in one extension tab kept open for the test and brought to the front.
   * clipboard-read is granted to the context (granting it to the chrome-extension origin alone fails:
   * Playwright calls that origin opaque).
   */
  clipboard: () => Promise<string>;
}>({
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const { context, close } = await launchWithExtension();
    await use(context);
    await close();
  },
  serviceWorker: async ({ context }, use) => {
    let [sw] = context.serviceWorkers();
    if (!sw) sw = await context.waitForEvent('serviceworker');
    await use(sw);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  openPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(new URL(path, `chrome-extension://${extensionId}/`).href);
      return page;
    });
  },
  clipboard: async ({ context, extensionId }, use) => {
    let reader: Page | undefined;
    await use(async () => {
      if (!reader) {
        await context.grantPermissions(['clipboard-read']);
        reader = await context.newPage();
        await reader.goto(`chrome-extension://${extensionId}/options.html`);
      }
      await reader.bringToFront();
      return reader.evaluate(() => navigator.clipboard.readText());
    });
  },
});

export const expect = test.expect;
