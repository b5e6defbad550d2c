/**
 * Private windows in Firefox. Secret Push runs in none unless the person allows it (Firefox's default for
 * every extension; the manifest has no `incognito` key). Allowed, its pages open there, but Firefox ESR 153
 * gives extension pages in a private window no IndexedDB (InvalidStateError), where the watcher's list of
 * pushes lives: the pages say so in words (lib/watch/db.ts storageRefused) and pushing still works, since
 * the demo service and the watcher run in the background page, which is never private.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { EXT_BASE, openIn } from './browser';
import { inMainWindow, waitFor } from './chrome';
import { pageText, useFirefox, waitForText } from './setup';

const REFUSED =
  'The browser keeps no data for Secret Push in this window (Firefox refuses it in private windows).';
const firefox = useFirefox();

/**
 * In Firefox's main window: the chrome-scope script, as about:addons' "Run in Private Windows" does; waits
 * until the add-on's reload has finished (a tab opened during it is discarded: seen once, "no such frame").
 */
async function allowInPrivateWindows(): Promise<void> {
  await inMainWindow(
    firefox().browser,
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
      (await inMainWindow<boolean>(firefox().browser, 'JSON.stringify(window.secretPushReloaded)')) ||
      undefined,
  );
}

/** Polls, from a page of the reloaded extension, until its background page has loaded. */
async function backgroundStarted(): Promise<void> {
  const page = await firefox().options();
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
async function openPrivate(path: string, ready: string): Promise<Page> {
  await inMainWindow(firefox().browser, `OpenBrowserWindow({ private: true }); '""'`);
  const target = await firefox().browser.waitForTarget((t) => t.url() === 'about:privatebrowsing');
  return openIn((await target.page())!, path, ready);
}

describe('Firefox: private windows', () => {
  it('Secret Push runs in no private window until the person allows it', async () => {
    const page = await firefox().options();
    const { allowed, manifest } = await page.evaluate(async () => ({
      allowed: await browser.extension.isAllowedIncognitoAccess(),
      manifest: browser.runtime.getManifest() as { incognito?: string },
    }));
    expect(allowed).toBe(false);
    // No `incognito` key in the manifest: Firefox reads it as "spanning" (one background page for both).
    expect(manifest.incognito).toBe('spanning');
  });

  it('allowed there, its pages get no IndexedDB: they say so, and the popup still pushes', async () => {
    await allowInPrivateWindows();
    await backgroundStarted();

    const dashboard = await openPrivate('dashboard.html', '::-p-aria(Refresh[role="button"])');
    expect(await dashboard.evaluate(() => browser.extension.inIncognitoContext)).toBe(true);
    await waitForText(dashboard, REFUSED, 10_000);
    expect(await pageText(dashboard)).toContain(`The list could not be read: ${REFUSED}`);

    const popup = await openPrivate('popup.html', '#sp-secret');
    await waitForText(popup, REFUSED, 10_000);
    expect(await pageText(popup)).toContain(`The recent pushes could not be read: ${REFUSED}`);
    await popup.type('#sp-secret', 'pushed from a private window');
    await popup.locator('::-p-aria(Create push[role="button"])').click();
    await popup.waitForSelector('::-p-aria(Secret link)');
    const link = await popup.$eval('#sp-link', (shown) => shown.textContent);
    expect(link.startsWith(`${EXT_BASE}/viewer.html#/p/`)).toBe(true);
  });
});
