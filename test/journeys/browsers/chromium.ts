/**
 * Real Chromium (Debian's package) driven by puppeteer-core over the DevTools protocol, with the journeys'
 * build loaded unpacked: the same library that drives Firefox, so one journey runs on both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type WebWorker } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../../e2e/fixtures';
import type { ExtensionBrowser, LaunchOptions } from './types';

/**
 * Right after launch the worker's context may answer before its global scope is set up (`chrome`, even
 * `setTimeout`, undefined: seen in 4 of 10 launches). Asks again from Node until the extension's bindings
 * are there.
 */
async function bindingsReady(worker: WebWorker): Promise<void> {
  const ready = () => worker.evaluate('typeof globalThis.chrome?.runtime?.id === "string"');
  for (let tries = 0; !(await ready()); tries++) {
    if (tries === 100) throw new Error("The extension's service worker never got its chrome bindings");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function launchChromium(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const extension = path.resolve(process.env.EXT_PATH ?? '.output/e2e/chrome-mv3');
  if (!fs.existsSync(path.join(extension, 'manifest.json')))
    throw new Error(`No built extension at ${extension}: run \`npm test\` (it builds it)`);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-journey-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    userDataDir,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`, ...CHROMIUM_ARGS],
    ...(options.language ? { env: { ...process.env, LANGUAGE: options.language } } : {}),
  });
  const target = await browser.waitForTarget(
    (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
  );
  const base = `chrome-extension://${new URL(target.url()).host}`;
  const opened = async (prefix: string) =>
    (await (await browser.waitForTarget((t) => t.url().startsWith(prefix), { timeout: 15_000 })).page())!;
  const welcome = await opened(`${base}/welcome.html`);
  let worker: WebWorker | null = null;
  const background = async () => {
    if (worker) return worker;
    const found = (await target.worker())!;
    await bindingsReady(found);
    return (worker = found);
  };
  return {
    name: 'chromium',
    base,
    welcome,
    opened,
    async open(page, ready) {
      const tab = await browser.newPage();
      await tab.goto(`${base}/${page}`, { waitUntil: 'domcontentloaded' });
      await tab.waitForSelector(ready);
      return tab;
    },
    async web(url) {
      const tab = await browser.newPage();
      await tab.goto(url);
      return tab;
    },
    async background(fn, arg) {
      // A stopped worker wakes for the next event; the journeys keep it awake, so one handle serves.
      const worker = await background();
      return worker.evaluate(
        `(${fn.toString()})({ chrome, browser: chrome, secretPushQuickPush: globalThis.secretPushQuickPush, secretPushWatch: globalThis.secretPushWatch }, ${JSON.stringify(arg)})`,
      ) as never;
    },
    async clipboard() {
      await browser.defaultBrowserContext().overridePermissions(base, ['clipboard-read']);
      const tab = await browser.newPage();
      await tab.goto(`${base}/popup.html`, { waitUntil: 'domcontentloaded' });
      await tab.bringToFront();
      const text = await tab.evaluate(() => navigator.clipboard.readText());
      await tab.close();
      return text;
    },
    async close() {
      await browser.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
