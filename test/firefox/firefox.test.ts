/**
 * Firefox's own behaviour, in one launch: each block starts where the ones before it left the extension
 * (in demo mode until the host permission's block connects a server; the private windows' block reloads the
 * add-on, so it comes last).
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it, vi } from 'vitest';
import { E2E_CLEAR_MS_PER_SECOND } from '@/lib/clipboard/delay';
import { MENU_IDS, MENU_ITEMS } from '@/lib/quick-push/menus';
import type { JourneyPage } from '../journeys/browsers';
import { puppeteerPage } from '../journeys/browsers/puppeteer-page';
import { linkOf, menu } from '../journeys/secrets/quick';
import { startSite } from '../journeys/secrets/site';
import { ALICE, connect, createdLink, pageText, press, waitForText } from '../journeys/steps';
import { EXT_BASE, openIn } from './browser';
import { inMainWindow, waitForAlert } from './chrome';
import { waitFor } from '../browser-steps';
import { useFirefox } from './setup';

const firefox = useFirefox();

/** Runs `script` in Firefox's main window, where its context menu is, and returns its JSON answer. */
const inMenu = <T>(script: string) =>
  inMainWindow<T>(
    firefox().browser,
    `const menu = document.getElementById('contentAreaContextMenu'); ${script}`,
  );

/** Right-clicks `selector` in the page and returns the labels of the items of Firefox's context menu. */
async function contextMenuOf(page: Page, selector: string): Promise<string[]> {
  await page.click(selector, { button: 'right' });
  // The menu opens a moment after the click (and the last one may still be closing): read it once open.
  return waitFor(
    `the context menu on ${selector}`,
    async () =>
      (await inMenu<string[] | null>(
        `JSON.stringify(menu.state === 'open' ? [...menu.querySelectorAll('menuitem')].filter((m) => !m.hidden).map((m) => m.label) : null)`,
      )) ?? undefined,
  );
}

/** Closes the open context menu, and waits until it is. */
async function closeMenu(): Promise<void> {
  await inMenu(`menu.hidePopup(); '""'`);
  await waitFor('the context menu to close', async () =>
    (await inMenu<string>('JSON.stringify(menu.state)')) === 'closed' ? true : undefined,
  );
}

/**
 * Quick push's context-menu items in Firefox's real context menu, reached in BiDi's chrome scope
 * (./chrome.ts): each where it belongs (an image, a page), and "Push this image" chosen there pushes the
 * image and copies the link. Their registration under `contextMenus` (Firefox's `menus` has that alias)
 * and the MV2 shortcuts are checked in both browsers by quick-push-more.journey.ts.
 */
describe('Firefox: the context-menu items', () => {
  // A 2×2 PNG, served on the loopback origin the journeys' build may read (SECRET_PUSH_E2E=1).
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
    'base64',
  );

  it('shows "Push this image" on an image and "Push this page\'s URL" on the page, each only there; chosen, the image is pushed (demo mode), its link copied, and the notice says where it opens', async () => {
    const site = await startSite('Some notes', PNG);
    try {
      const page = await firefox().browser.newPage();
      await page.goto(`${site.url}/notes.html`);
      const onText = await contextMenuOf(page, '#secret');
      await closeMenu();
      const onImage = await contextMenuOf(page, '#img');
      expect(onImage).toContain('Push this image');
      expect(onImage).not.toContain('Push selected text');
      expect(onText).toContain("Push this page's URL");
      expect(onText).not.toContain('Push this image');
      expect(MENU_ITEMS.find((item) => item.id === MENU_IDS.image)?.contexts).toEqual(['image']);

      await inMenu(
        `menu.activateItem([...menu.querySelectorAll('menuitem')].find((m) => m.label === 'Push this image')); '""'`,
      );
      // A demo link opens only in this browser (issue 20). Firefox has no buttons: a click opens the push in
      // the dashboard (issue 19), so the text offers no click of its own.
      const notice = await waitForAlert(firefox().browser, 'Demo link copied: it opens only in this browser');
      expect(notice.text).toMatch(/To share a secret with someone, connect a server\.$/);
      expect(notice.text).not.toContain('Click');
      const link = await firefox().ext.clipboard();
      expect(link.startsWith(`${EXT_BASE}/viewer.html#/p/`)).toBe(true);
      const viewer = await firefox().ext.open(
        link.slice(EXT_BASE.length + 1),
        '::-p-aria(Reveal secret[role="button"])',
      );
      await press(viewer, 'Reveal secret');
      await waitForText(viewer, 'img.png');
    } finally {
      await site.close();
    }
  });
});

/**
 * Alarms in Firefox ESR 153 have no minimum period: an alarm of 0.1 minutes is kept as asked and fires
 * every 6 s (Chrome stretches anything under 30 s). The watcher therefore sets its own bounds
 * (lib/watch/background/alarm.ts): the interval chosen on the options page is the alarm's period, and a stored
 * interval outside the choices offered is clamped to them, as it is in Chrome.
 */
describe('Firefox: the watcher alarm', () => {
  /** The period of the watcher's alarm, once it is `expected` (or what it is after 5 s). */
  async function periodOf(page: JourneyPage, expected: number): Promise<number | undefined> {
    const period = async () => (await browser.alarms.get('watch-refresh'))?.periodInMinutes;
    await page
      .waitForFunction(
        async (expected) => (await browser.alarms.get('watch-refresh'))?.periodInMinutes === expected,
        { timeout: 5_000 },
        expected,
      )
      .catch(() => undefined);
    return page.evaluate(period);
  }

  it('Firefox keeps a period under a minute as asked: it has no minimum of its own', async () => {
    const page = await firefox().options();
    const fired = await page.evaluate(async () => {
      const started = Date.now();
      const times: number[] = [];
      let twice!: () => void;
      const firedTwice = new Promise<void>((resolve) => (twice = resolve));
      const count = (alarm: { name: string }) => {
        if (alarm.name === 'probe' && times.push(Date.now()) >= 2) twice();
      };
      browser.alarms.onAlarm.addListener(count);
      await browser.alarms.create('probe', { periodInMinutes: 0.02, delayInMinutes: 0.02 });
      const period = (await browser.alarms.get('probe'))?.periodInMinutes;
      // Until it has fired twice (polled by the alarm itself), or Chrome's 30 s minimum would have shown.
      await Promise.race([firedTwice, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      await browser.alarms.clear('probe');
      browser.alarms.onAlarm.removeListener(count);
      return { period, times: times.length, secondAfter: (times[1] ?? Infinity) - started };
    });
    // 0.02 minutes is 1.2 s: Firefox fires it twice in about 2.4 s, where Chrome would wait 30 s for one.
    expect(fired.period).toBe(0.02);
    expect(fired.times).toBe(2);
    expect(fired.secondAfter).toBeLessThan(10_000);
  });

  it('runs every minute by default, and at the interval chosen on the options page', async () => {
    const page = await firefox().options('#watch-interval');
    expect(await periodOf(page, 1)).toBe(1);
    await page.select('#watch-interval', '15');
    expect(await periodOf(page, 15)).toBe(15);
  });

  it('clamps a stored interval outside the choices offered, where Firefox would not', async () => {
    const page = await firefox().options('#watch-interval');
    for (const [intervalMinutes, clamped] of [
      [0.1, 1],
      [600, 60],
    ] as const) {
      await page.evaluate(
        (intervalMinutes) =>
          browser.storage.local.set({
            watchSettings: { intervalMinutes, notifications: true, badge: 'unseen' },
          }),
        intervalMinutes,
      );
      expect(await periodOf(page, clamped)).toBe(clamped);
    }
  });
});

/**
 * Firefox has no offscreen document: the background page is a document, and with clipboardWrite it writes
 * the clipboard itself (lib/quick-push/clipboard.ts through lib/offscreen/send.ts inOffscreenOr), and keeps
 * the clipboard clearer's timer (lib/clipboard/background.ts). That a quick push's link is written there is
 * checked in both browsers by quick-push-more.journey.ts; here, with clearing on, the link is emptied later,
 * but only while the clipboard still holds it.
 */
describe('Firefox: the clipboard from the background page', () => {
  it('clears the link later, and leaves alone what was copied since', async () => {
    const { ext } = firefox();
    const page = await firefox().options();
    const PAGE = { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/handbook' };
    // The shortest choice on the options page, 30 s, which the test build counts as 30 × 50 ms.
    await page.evaluate(() => browser.storage.local.set({ clipboardClearSeconds: 30 }));
    const delay = 30 * E2E_CLEAR_MS_PER_SECOND;

    const first = await menu(ext, PAGE);
    expect(await ext.clipboard()).toBe(linkOf(first));
    await vi.waitFor(async () => expect(await ext.clipboard()).toBe(''), { timeout: 4 * delay });

    await menu(ext, PAGE);
    await page.evaluate(() => navigator.clipboard.writeText('copied by the person since'));
    // Past the clear's time with room to spare: it has run, and kept what the person copied.
    await new Promise((resolve) => setTimeout(resolve, 3 * delay));
    expect(await ext.clipboard()).toBe('copied by the person since');
  });
});

/**
 * Firefox (MV2) has no optional_host_permissions: a server's origin is an optional permission
 * (wxt.config.ts), asked for when the user saves the server. The journeys' build grants the loopback
 * address 127.0.0.1 at install (SECRET_PUSH_E2E=1), so this test saves the server as http://localhost:PORT,
 * an origin that build does not grant: the permission is absent before Connect and present after it. The
 * test profile sets extensions.webextOptionalPermissionPrompts to false (./browser.ts), so Firefox grants
 * the request without the prompt a person would answer.
 */
describe('Firefox: the host permission of a saved server', () => {
  it('is an optional permission, requested on Connect and held afterwards', async () => {
    const LOCALHOST = 'http://localhost/*';
    const options = await firefox().options('#server-choice');
    const held = () =>
      options.evaluate(async (origin) => {
        const all = await browser.permissions.getAll();
        return { contains: await browser.permissions.contains({ origins: [origin] }), all: all.origins };
      }, LOCALHOST);
    const manifest = await options.evaluate(() => browser.runtime.getManifest());
    expect(manifest.optional_permissions).toContain(LOCALHOST);
    expect(manifest.permissions).not.toContain(LOCALHOST);
    expect(await held()).toEqual({ contains: false, all: ['http://127.0.0.1/*'] });

    const localhost = firefox().host.baseUrl.replace('127.0.0.1', 'localhost');
    await connect(options, localhost, ALICE.token);
    expect(await held()).toEqual({ contains: true, all: ['http://127.0.0.1/*', LOCALHOST] });

    // With the permission held, the saved server answers: Test connection on its row's Edit (the form
    // folds into the row on Connect, issue 18) reaches it and its token is accepted.
    await press(options, `Edit ${new URL(localhost).host}`);
    await press(options, 'Test connection');
    await waitForText(options, 'The connection works.');
    expect(await pageText(options)).toContain('Token accepted');
  });
});

/**
 * Private windows in Firefox. Secret Push runs in none unless the person allows it (Firefox's default for
 * every extension; the manifest has no `incognito` key). Allowed, its pages open there, but Firefox ESR 153
 * gives extension pages in a private window no IndexedDB (InvalidStateError), where the watcher's list of
 * pushes lives: the pages say so in words (lib/watch/db.ts storageRefused) and pushing still works, since
 * the demo service and the watcher run in the background page, which is never private.
 */
describe('Firefox: private windows', () => {
  const REFUSED =
    'The browser keeps no data for Secret Push in this window (Firefox refuses it in private windows).';

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
    // Then, from a page of the reloaded extension, until its background page has loaded.
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
  async function openPrivate(path: string, ready: string): Promise<JourneyPage> {
    await inMainWindow(firefox().browser, `OpenBrowserWindow({ private: true }); '""'`);
    const target = await firefox().browser.waitForTarget((t) => t.url() === 'about:privatebrowsing');
    return puppeteerPage(await openIn((await target.page())!, path, ready));
  }

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
    // Demo mode again (the permission's check connected a server): the push is the background page's own.
    await firefox().ext.background((g) => g.browser.storage.local.set({ demoMode: true }), null);
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
    expect((await createdLink(popup)).link.startsWith(`${EXT_BASE}/viewer.html#/p/`)).toBe(true);
  });
});
