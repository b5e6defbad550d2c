/**
 * Real Chromium (Debian's package) driven by Playwright, the design card's tester: a persistent context with
 * a build loaded unpacked (launchWithExtension, which the bench and the screenshots launch through too), seen
 * through the journeys' interface.
 */
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../../browser-steps';
import { playwrightPage } from './playwright-page';
import type { ExtensionBrowser, LaunchOptions } from './types';

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

/** Chromium's one argument mapping each host to loopback (LaunchOptions.loopbackHosts). */
const hostRules = (hosts: string[] = []) =>
  hosts.length ? [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(',')}`] : [];

/**
 * `language` starts Chromium in that UI language (chrome.i18n follows the LANGUAGE environment variable
 * here, not --lang: docs/toolchain.md, "Chromium in another UI language").
 */
export async function launchWithExtension(
  options: {
    language?: string;
    extDir?: string;
    profileDir?: string;
    loopbackHosts?: string[];
    display?: string;
  } = {},
): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const extDir = options.extDir ?? EXT_PATH;
  if (!fs.existsSync(path.join(extDir, 'manifest.json')))
    throw new Error(`No built extension at ${extDir}: run \`npx wxt build\` first`);
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  const userDataDir = options.profileDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    // Headed on a display of the caller's (LaunchOptions.display): only there do real key presses reach it.
    headless: !options.display,
    args: [
      `--disable-extensions-except=${extDir}`,
      `--load-extension=${extDir}`,
      ...CHROMIUM_ARGS,
      ...hostRules(options.loopbackHosts),
    ],
    ...(options.language || options.display
      ? {
          env: {
            ...process.env,
            ...(options.language ? { LANGUAGE: options.language } : {}),
            ...(options.display ? { DISPLAY: options.display } : {}),
          },
        }
      : {}),
  });
  // The welcome page the install opens, waited for so that it never comes to the front mid-test. It stays
  // open: closed at once, it left the next extension page now and then with no messages (every word shown
  // as its key), 3 times in ~80 launches under load.
  await welcomePage(context);
  return {
    context,
    close: async () => {
      await context.close();
      // A profile of the caller's stays for it to read (LaunchOptions.profileDir).
      if (!options.profileDir) fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The welcome tab the install opened (lib/welcome), waited for if it is not open yet. */
export async function welcomePage(context: BrowserContext): Promise<Page> {
  const isWelcome = (page: Page) => /^chrome-extension:\/\/[a-p]{32}\/welcome\.html$/.test(page.url());
  return (
    context.pages().find(isWelcome) ??
    (await context.waitForEvent('page', { predicate: isWelcome, timeout: 15_000 }))
  );
}

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
  // An extension page's session reaches the extension's storage partition, where its worker runs.
  const welcome = await welcomePage(context);
  let stopped = false;
  const newTab = async (url: string) => {
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'domcontentloaded' });
    return playwrightPage(tab);
  };
  return {
    name: 'chromium',
    base,
    welcome: playwrightPage(welcome),
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
    async background(fn, arg) {
      // The journeys keep the worker awake (each step wakes it), so the one handle serves; after a
      // stopBackground(), a message from an extension page wakes it (Playwright keeps the worker's target).
      if (stopped) {
        stopped = false;
        await welcome.evaluate(() =>
          chrome.runtime.sendMessage({ type: 'journey-wake' }).catch(() => undefined),
        );
        await bindingsReady(worker);
      }
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
    async stopBackground() {
      const cdp = await context.newCDPSession(welcome);
      try {
        const workerStopped = new Promise<void>((resolve) =>
          cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: WorkerVersions) => {
            const ours = versions.filter((version) => version.scriptURL.startsWith(base));
            if (ours.length > 0 && ours.every((version) => version.runningStatus === 'stopped')) resolve();
          }),
        );
        await cdp.send('ServiceWorker.enable');
        await cdp.send('ServiceWorker.stopAllWorkers');
        await workerStopped;
        stopped = true;
      } finally {
        await cdp.detach();
      }
    },
    close,
  };
}

/** What ServiceWorker.workerVersionUpdated reports of each worker version. */
interface WorkerVersions {
  versions: { scriptURL: string; runningStatus: string }[];
}
