/**
 * The first thing a new user does: a push in demo mode, its link, and the viewer revealing the secret. In
 * Firefox it once failed with "The server could not read the request": Firefox ESR 153 has no
 * Request.prototype.body, so the demo service in the background page read every body as empty (the cause
 * is tested in test/lib/mock/body.test.ts). A demo link opens only in this browser (issue 20): the popup's
 * result and the quick push's notification say so. Also: the popup's text and file pushes with a passphrase,
 * listed in Recent pushes, and the background answering a page's message.
 */
import { expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { puppeteerPage } from './browsers/puppeteer-page';
import { puppeteerOf } from './browsers/firefox';
import { waitFor } from '../browser-steps';
import { openIn, OPTIONS_READY } from '../firefox/browser';
import { inMainWindow } from '../firefox/chrome';
import { seamReady } from './background-steps';
import { fill, pickFile, tab, valueOf, withFile } from './secrets/form';
import { menu } from './secrets/quick';
import {
  ALICE,
  connect,
  createdLink,
  demoReady,
  openPopup,
  pageText,
  press,
  useMockHost,
  waitForText,
} from './steps';

const ONLY_HERE = 'it opens only in this browser';

/** Opens `link` (a demo viewer link) and reveals what it holds, with its passphrase if it has one. */
async function revealed(
  browser: ExtensionBrowser,
  link: string,
  passphrase?: string,
): Promise<string | null> {
  const viewer: JourneyPage = await browser.open(
    link.slice(browser.base.length + 1),
    '::-p-aria(Reveal secret[role="button"])',
  );
  await press(viewer, 'Reveal secret');
  if (passphrase) {
    // By its label's id: Firefox gives a password field no textbox role to find it by.
    await viewer.fill('#passphrase-input', passphrase);
    await press(viewer, 'Unlock');
  }
  const secret = await viewer.waitForSelector('::-p-aria(Secret payload)');
  return secret!.evaluate((el) => el.textContent);
}

/** Waits until the popup's "Recent pushes" lists `count` pushes. */
async function waitForRecent(popup: JourneyPage, count: number): Promise<void> {
  const region = await popup.waitForSelector('::-p-aria(Recent pushes[role="region"])');
  await expect.poll(() => region!.$$eval('li', (items) => items.length)).toBe(count);
}

forEachBrowser('demo mode on a fresh install', (name, browser) => {
  it('creates a text push with a passphrase and a file push in the popup, listed in Recent pushes; each link opens in the viewer; the result, and the copy, say a demo link opens only in this browser', async () => {
    // The background creates the demo token on install; the popup needs it for files.
    await demoReady(browser());
    const popup = await openPopup(browser());
    await popup.waitForSelector('::-p-aria(Secret Push[role="heading"])');
    expect(await pageText(popup)).toContain('Demo: links open only in this browser.');
    await popup.type('#sp-secret', `${name} demo secret 42`);
    expect(await valueOf(popup, 'Secret')).toBe(`${name} demo secret 42`);
    await fill(popup, 'Passphrase', 'demo-pass');
    await press(popup, 'Create push');

    const { link } = await createdLink(popup);
    expect(link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    expect(await pageText(popup)).not.toContain('could not read the request');
    await waitForText(popup, `Demo link: ${ONLY_HERE}, not for the person you send it to.`);
    expect(await popup.$eval('#sp-demo-link a', (a) => (a as HTMLAnchorElement).href)).toBe(
      `${browser().base}/options.html`,
    );
    await press(popup, 'Copy link');
    await waitForText(popup, `Demo link copied: ${ONLY_HERE}`);
    await waitForRecent(popup, 1);
    expect(await revealed(browser(), link, 'demo-pass')).toBe(`${name} demo secret 42`);

    // Files work in demo mode too: the demo user has a token.
    await popup.bringToFront(); // behind the viewer's tab
    await press(popup, 'New push');
    await tab(popup, 'Files');
    await popup.waitForSelector('input[type=file]');
    expect(await pageText(popup)).not.toMatch(/needs an API token/);
    const file = await withFile('demo.txt', `${name} demo file body`, async (path) => {
      await pickFile(popup, path);
      await press(popup, 'Create push');
      return createdLink(popup);
    });
    expect(file.link).not.toBe(link);
    expect(file.link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    await waitForRecent(popup, 2);
  });

  it('the background answers a message from an extension page with the demo token', async () => {
    const page = await openPopup(browser());
    // A real message every page may send (lib/demo/messages.ts).
    const reply = await page.evaluate(() => {
      type Api = { runtime: { sendMessage(message: unknown): Promise<unknown> } };
      const api = globalThis as unknown as { browser?: Api; chrome: Api };
      return (api.browser ?? api.chrome).runtime.sendMessage({
        channel: 'secret-push',
        type: 'demo-token',
        data: undefined,
      });
    });
    expect(reply).toEqual({ res: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    await page.close();
  });

  it('a quick push copies a demo link whose notification offers to connect a server', async () => {
    // What a click on "Push selected text" calls (lib/quick-push/e2e-hook.ts); no tab: the menu's own text.
    await seamReady(browser());
    const outcome = await menu(browser(), {
      menuItemId: MENU_IDS.selection,
      selectionText: `${name} quick demo 44`,
    });
    if (outcome.status !== 'pushed') throw new Error(`not pushed: ${outcome.message}`);
    expect(outcome.copied).toBe(true);
    expect(outcome.notificationId.startsWith('quick-push:demo:')).toBe(true);
    expect(outcome.message).toMatch(/To share a secret with someone, connect a server\.$/);
    expect(await browser().clipboard()).toBe(outcome.link);
    expect(outcome.link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    expect(await revealed(browser(), outcome.link)).toBe(`${name} quick demo 44`);
  });

  if (name === 'firefox') firefoxPermissionAndPrivate(browser);
});

/**
 * Firefox only, from demo mode. Firefox (MV2) has no optional_host_permissions: a server's origin is an
 * optional permission (wxt.config.ts), asked for when the user saves the server. The journeys' build grants
 * the loopback address 127.0.0.1 at install (SECRET_PUSH_E2E=1), so the server is saved as
 * http://localhost:PORT, an origin that build does not grant; the test profile sets
 * extensions.webextOptionalPermissionPrompts to false (test/firefox/browser.ts), so Firefox grants the request
 * without the prompt a person would answer. Then private windows, where Secret Push runs in none unless the
 * person allows it (Firefox's default; the manifest has no `incognito` key). Allowed, its pages open there,
 * but Firefox ESR 153 gives extension pages in a private window no IndexedDB (InvalidStateError), where the
 * watcher's list of pushes lives: the pages say so in words (lib/watch/db.ts storageRefused) and pushing
 * still works, since the demo service and the watcher run in the background page, which is never private.
 * Allowing reloads the add-on, so this comes last.
 */
function firefoxPermissionAndPrivate(ext: () => ExtensionBrowser): void {
  const host = useMockHost();
  const REFUSED =
    'The browser keeps no data for Secret Push in this window (Firefox refuses it in private windows).';
  const options = (ready = OPTIONS_READY) => ext().open('options.html', ready);

  it("Firefox only: a saved server's origin is an optional permission, requested on Connect and held afterwards", async () => {
    const LOCALHOST = 'http://localhost/*';
    const page = await options('#server-choice');
    const held = () =>
      page.evaluate(async (origin) => {
        const all = await browser.permissions.getAll();
        return { contains: await browser.permissions.contains({ origins: [origin] }), all: all.origins };
      }, LOCALHOST);
    const manifest = await page.evaluate(() => browser.runtime.getManifest());
    expect(manifest.optional_permissions).toContain(LOCALHOST);
    expect(manifest.permissions).not.toContain(LOCALHOST);
    expect(await held()).toEqual({ contains: false, all: ['http://127.0.0.1/*'] });

    const localhost = host().baseUrl.replace('127.0.0.1', 'localhost');
    await connect(page, localhost, ALICE.token);
    expect(await held()).toEqual({ contains: true, all: ['http://127.0.0.1/*', LOCALHOST] });

    // With the permission held, the saved server answers: Test connection on its row's Edit (the form
    // folds into the row on Connect, issue 18) reaches it and its token is accepted.
    await press(page, `Edit ${new URL(localhost).host}`);
    await press(page, 'Test connection');
    await waitForText(page, 'The connection works.');
    expect(await pageText(page)).toContain('Token accepted');
  });

  it('Firefox only: Secret Push runs in no private window until the person allows it', async () => {
    const page = await options();
    const { allowed, manifest } = await page.evaluate(async () => ({
      allowed: await browser.extension.isAllowedIncognitoAccess(),
      manifest: browser.runtime.getManifest() as { incognito?: string },
    }));
    expect(allowed).toBe(false);
    // No `incognito` key in the manifest: Firefox reads it as "spanning" (one background page for both).
    expect(manifest.incognito).toBe('spanning');
  });

  /**
   * In Firefox's main window: the chrome-scope script, as about:addons' "Run in Private Windows" does; waits
   * until the add-on's reload has finished (a tab opened during it is discarded: seen once, "no such frame"),
   * then, from a page of the reloaded extension, until its background page has loaded.
   */
  async function allowInPrivateWindows(): Promise<void> {
    await inMainWindow(
      puppeteerOf(ext()),
      `window.secretPushReloaded = false;
       (async () => {
         const { ExtensionPermissions } = ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs');
         const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
         await ExtensionPermissions.add('secret-push@example.com', { permissions: ['internal:privateBrowsingAllowed'], origins: [] });
         await (await AddonManager.getAddonByID('secret-push@example.com')).reload();
         window.secretPushReloaded = true;
       })();
       '""'`,
    );
    await waitFor(
      'the add-on to reload',
      async () =>
        (await inMainWindow<boolean>(puppeteerOf(ext()), 'JSON.stringify(window.secretPushReloaded)')) ||
        undefined,
    );
    const page = await options();
    await page.waitForFunction(
      async () => {
        const background = (await browser.runtime.getBackgroundPage().catch(() => null)) as Window | null;
        return background?.document.readyState === 'complete';
      },
      { polling: 100, timeout: 15_000 },
    );
    await page.close();
  }

  /** Opens a private window and an extension page in its tab. */
  async function openPrivate(path: string, ready: string): Promise<JourneyPage> {
    await inMainWindow(puppeteerOf(ext()), `OpenBrowserWindow({ private: true }); '""'`);
    const target = await puppeteerOf(ext()).waitForTarget((t) => t.url() === 'about:privatebrowsing');
    return puppeteerPage(await openIn((await target.page())!, path, ready));
  }

  it('Firefox only: allowed in private windows, its pages get no IndexedDB: they say so, and the popup still pushes', async () => {
    // Demo mode again (the permission's check connected a server): the push is the background page's own.
    await ext().background((g) => g.browser.storage.local.set({ demoMode: true }), null);
    await allowInPrivateWindows();

    const dashboard = await openPrivate('dashboard.html', '::-p-aria(Refresh[role="button"])');
    expect(await dashboard.evaluate(() => browser.extension.inIncognitoContext)).toBe(true);
    await waitForText(dashboard, REFUSED, 10_000);
    expect(await pageText(dashboard)).toContain(`The list could not be read: ${REFUSED}`);

    const popup = await openPrivate('popup.html', '#sp-secret');
    await waitForText(popup, REFUSED, 10_000);
    expect(await pageText(popup)).toContain(`The recent pushes could not be read: ${REFUSED}`);
    await popup.type('#sp-secret', 'pushed from a private window');
    await press(popup, 'Create push');
    expect((await createdLink(popup)).link.startsWith(`${ext().base}/viewer.html#/p/`)).toBe(true);
  });
}
