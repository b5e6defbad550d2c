/**
 * `npm run screenshots`: store-ready 1280×800 PNGs of the popup's result, the dashboard and the options page,
 * light and dark, from the built extension in demo mode (a fresh install), into .output/screenshots/. They
 * are generated, never committed, so they never go stale.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/fixtures';
import { composePopup, popupImage, STORE_SIZE } from './compose';
import { DEMO_PUSHES, makeDemoPushes, type Scheme } from './demo-pushes';

const root = path.resolve(import.meta.dirname, '..', '..');
const buildDir = path.join(root, '.output', 'screenshots-build');
const outDir = path.join(root, '.output', 'screenshots');

/** The normal build (no e2e grants) into its own folder, so it never overwrites another build. */
function build(): string {
  const wxt = path.join(root, 'node_modules', '.bin', 'wxt');
  const run = spawnSync(wxt, ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WXT_OUT_DIR: buildDir },
  });
  if (run.status !== 0) throw new Error('wxt build failed');
  return path.join(buildDir, 'chrome-mv3');
}

async function launch(
  extension: string,
): Promise<{ context: BrowserContext; id: string; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-shots-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: STORE_SIZE,
    args: [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`, ...CHROMIUM_ARGS],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const close = async () => {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, id: new URL(worker.url()).host, close };
}

/** Opens an extension page in the scheme and waits until `ready` shows. */
async function open(page: Page, url: string, scheme: Scheme, ready: string) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(url);
  await page.getByText(ready, { exact: true }).first().waitFor();
  // No caret or hover state in a store image.
  await page.mouse.move(0, 0);
}

/** The dashboard and the options page as a 1280×800 window shows them. */
async function shootPages(context: BrowserContext, id: string, scheme: Scheme): Promise<string[]> {
  const base = `chrome-extension://${id}`;
  const page = await context.newPage();
  const written = [path.join(outDir, `dashboard-${scheme}.png`), path.join(outDir, `options-${scheme}.png`)];
  await page.setViewportSize(STORE_SIZE);
  await open(page, `${base}/dashboard.html`, scheme, DEMO_PUSHES[0]!.name);
  await page.screenshot({ path: written[0] });
  await open(page, `${base}/options.html`, scheme, 'Demo mode');
  await page.screenshot({ path: written[1] });
  await page.close();
  return written;
}

/** The popup right after a create (the link, its expiry, the ways to share it), centred in a store image. */
async function shootPopup(context: BrowserContext, popup: Page, scheme: Scheme): Promise<string> {
  await popup.emulateMedia({ colorScheme: scheme });
  const file = path.join(outDir, `popup-result-${scheme}.png`);
  const canvas = await context.newPage();
  await composePopup(canvas, await popupImage(popup), scheme, file);
  await canvas.close();
  return file;
}

async function main() {
  const extension = build();
  fs.mkdirSync(outDir, { recursive: true });
  const { context, id, close } = await launch(extension);
  try {
    const popup = await makeDemoPushes(context, `chrome-extension://${id}`, 'light', DEMO_PUSHES);
    const files: string[] = [];
    for (const scheme of ['light', 'dark'] as const)
      files.push(await shootPopup(context, popup, scheme), ...(await shootPages(context, id, scheme)));
    console.log(
      `Wrote ${files.length} screenshots:\n${files.map((f) => `  ${path.relative(root, f)}`).join('\n')}`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
