/**
 * `npm run screenshots`: store-ready 1280×800 PNGs of the popup's result, the popup with the secret
 * generator's panel open, the recipient's page (the demo viewer, a secret revealed and spelled out), the
 * dashboard and the options page,
 * light and dark, from the built extension in demo mode (a fresh install), into .output/screenshots/: in
 * English (`dashboard-light.png`), and with the browser in German and in Arabic, right to left
 * (`dashboard-ar-light.png`). They are generated, never committed, so they never go stale.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, welcomePage } from '../journeys/browsers/chromium';
import { composePopup, popupImage, STORE_SIZE } from './compose';
import { DEMO_PUSHES_IN, freshForm, makeDemoPushes, type Scheme } from './demo-pushes';

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

/** The UI languages photographed; English's files keep their plain names. */
const LANGUAGES = ['en', 'de', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/** `dashboard-light.png` in English, `dashboard-ar-light.png` in Arabic. */
function shotFile(page: string, language: Language, scheme: Scheme): string {
  return path.join(outDir, `${page}${language === 'en' ? '' : `-${language}`}-${scheme}.png`);
}

/** Chromium in `language`: LANGUAGE sets its UI language on Linux, --lang does not (Debian: chromium-l10n). */
async function launch(
  extension: string,
  language: Language,
): Promise<{ context: BrowserContext; id: string; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-shots-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: STORE_SIZE,
    env: { ...process.env, LANGUAGE: language },
    args: [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`, ...CHROMIUM_ARGS],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // The install's welcome tab is open (and stays, behind) before anything is shot.
  await welcomePage(context);
  const close = async () => {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, id: new URL(worker.url()).host, close };
}

/** Opens an extension page in the scheme and waits until `ready` (a selector: words differ by language) shows. */
async function open(page: Page, url: string, scheme: Scheme, ready: string) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(url);
  await page.locator(ready).first().waitFor();
  // No caret or hover state in a store image.
  await page.mouse.move(0, 0);
}

/** The dashboard and the options page as a 1280×800 window shows them. */
async function shootPages(
  context: BrowserContext,
  id: string,
  language: Language,
  scheme: Scheme,
): Promise<string[]> {
  const base = `chrome-extension://${id}`;
  const page = await context.newPage();
  const written = [
    shotFile('dashboard', language, scheme),
    shotFile('dashboard-expire', language, scheme),
    shotFile('options', language, scheme),
  ];
  await page.setViewportSize(STORE_SIZE);
  await open(page, `${base}/dashboard.html`, scheme, 'article.push');
  await page.screenshot({ path: written[0] });
  // The question before a bulk expire: the modal dialog over its backdrop, then Escape, as a person leaves it.
  await page.locator('.selection input[type=checkbox]').check();
  await page.locator('.selection button.danger').click();
  await page.locator('dialog[open]').waitFor();
  await page.screenshot({ path: written[1] });
  await page.keyboard.press('Escape');
  await page.locator('dialog').waitFor({ state: 'detached' });
  await open(page, `${base}/options.html`, scheme, '#demo-mode-help');
  await page.screenshot({ path: written[2] });
  await page.close();
  return written;
}

/** The welcome page a new install opens, with its picture of how to pin the button. */
async function shootWelcome(
  context: BrowserContext,
  id: string,
  language: Language,
  scheme: Scheme,
): Promise<string> {
  const page = await context.newPage();
  const file = shotFile('welcome', language, scheme);
  await page.setViewportSize(STORE_SIZE);
  await open(page, `chrome-extension://${id}/welcome.html`, scheme, '.pin-picture');
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
  return file;
}

/** The popup right after a create (the link, its expiry, the ways to share it), centred in a store image. */
async function shootPopup(
  context: BrowserContext,
  popup: Page,
  language: Language,
  scheme: Scheme,
): Promise<string> {
  await popup.emulateMedia({ colorScheme: scheme });
  const file = shotFile('popup-result', language, scheme);
  const canvas = await context.newPage();
  await composePopup(canvas, await popupImage(popup), scheme, file);
  await canvas.close();
  return file;
}

/** The popup with the secret generator's panel open, after one click on its wand. */
async function shootGenerator(
  context: BrowserContext,
  id: string,
  language: Language,
  scheme: Scheme,
): Promise<string> {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await open(popup, `chrome-extension://${id}/popup.html`, scheme, 'main');
  // The form is there before the settings are (App.tsx): shot once they have filled it, as a person sees it.
  await freshForm(popup);
  await popup.locator('.sp-tool button').first().click();
  await popup.locator('[aria-controls="sp-generator"]').click();
  await popup.locator('#sp-generator').waitFor();
  const file = shotFile('popup-generator', language, scheme);
  const canvas = await context.newPage();
  await composePopup(canvas, await popupImage(popup), scheme, file);
  await canvas.close();
  await popup.close();
  return file;
}

/** A password as a person would push it: letters, digits and symbols that look alike (l 1 I |, O 0). */
const RECIPIENT_SECRET = 'Tr0ub4dor&3-l1I|O0';

/**
 * The recipient's page (the demo viewer) with the secret revealed, its characters coloured by class and
 * spelled out: a push made in the popup, its link opened and revealed as the recipient would.
 */
async function shootRecipient(
  context: BrowserContext,
  id: string,
  language: Language,
  scheme: Scheme,
): Promise<string> {
  const page = await context.newPage();
  await page.setViewportSize(STORE_SIZE);
  await open(page, `chrome-extension://${id}/popup.html`, scheme, '#sp-secret, .sp-result-end');
  // The popup reopens on the last result it handed over (the light scheme's push): New push, as a person would.
  if (await page.locator('.sp-result-end').isVisible())
    await page.locator('.sp-result-end button').first().click();
  await page.locator('#sp-secret').fill(RECIPIENT_SECRET);
  await page.locator('form button[type="submit"]').click();
  const link = await page
    .locator('#sp-link')
    .evaluate((el) => (el as HTMLInputElement).value ?? el.textContent);
  await open(page, link, scheme, 'button.primary');
  await page.locator('button.primary').first().click();
  await page.locator('.spelled summary').click();
  await page.mouse.move(0, 0);
  const file = shotFile('recipient', language, scheme);
  await page.screenshot({ path: file });
  await page.close();
  return file;
}

/**
 * What to shoot: every group unless SHOTS names some (`SHOTS=generator npm run screenshots`), to look at
 * one change without making every image again.
 */
const GROUPS = (process.env.SHOTS ?? 'result,pages,welcome,generator,recipient').split(',');

/** A fresh install in `language`: the demo pushes made in its popup, then every page in both schemes. */
async function shootLanguage(extension: string, language: Language): Promise<string[]> {
  const { context, id, close } = await launch(extension, language);
  try {
    const pushes = DEMO_PUSHES_IN[language]!;
    const wantsPushes = GROUPS.includes('result') || GROUPS.includes('pages');
    const popup = wantsPushes
      ? await makeDemoPushes(context, `chrome-extension://${id}`, 'light', pushes)
      : undefined;
    const files: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      if (popup && GROUPS.includes('result')) files.push(await shootPopup(context, popup, language, scheme));
      if (GROUPS.includes('pages')) files.push(...(await shootPages(context, id, language, scheme)));
      if (GROUPS.includes('welcome')) files.push(await shootWelcome(context, id, language, scheme));
      if (GROUPS.includes('generator')) files.push(await shootGenerator(context, id, language, scheme));
      if (GROUPS.includes('recipient')) files.push(await shootRecipient(context, id, language, scheme));
    }
    return files;
  } finally {
    await close();
  }
}

async function main() {
  const extension = build();
  fs.mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  for (const language of LANGUAGES) files.push(...(await shootLanguage(extension, language)));
  console.log(
    `Wrote ${files.length} screenshots:\n${files.map((f) => `  ${path.relative(root, f)}`).join('\n')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
