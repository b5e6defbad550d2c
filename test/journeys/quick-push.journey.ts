/**
 * A fresh install in demo mode, then quick pushes against the Node host, in one launch per browser. First
 * what a new user does: a demo push, its link, the viewer revealing it (Firefox ESR 153 has no
 * Request.prototype.body: its demo service once read every body as empty, test/lib/mock/body.test.ts). No
 * test can click a native context menu or press an extension's shortcut, so the test calls, in the
 * background, the handlers those listeners call (lib/quick-push/e2e-hook.ts); all after that is the real
 * extension: the page's selection, the request, the clipboard write, the notification. Firefox's own
 * notification windows and context menu are read and clicked as a person would (browsers/firefox-chrome.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { MENU_IDS, MENU_ITEMS } from '@/lib/quick-push/menus';
import { E2E_CLEAR_MS_PER_SECOND } from '@/lib/clipboard/delay';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { openIn, puppeteerOf } from './browsers/firefox';
import { puppeteerPage } from './browsers/puppeteer-page';
import { waitFor } from '../browser-steps';
import {
  alerts,
  chooseMenuItem,
  clickAlert,
  closeMenu,
  contextMenuOf,
  inMainWindow,
  waitForAlert,
} from './browsers/firefox-chrome';
import { notificationsShown, offscreenDocuments, record, recorded, seamReady } from './background-steps';
import { connectServer, openedOnRow, openViewer, shownSecret, unlock } from './page-steps';
import { createPush, fill, pickFile, tab, valueOf, withFile } from './secrets/form';
import { linkOf, menu, pushed, shortcut, storedText, tryAgain } from './secrets/quick';
import { PNG, selectSecret, startSite, tabIdOf } from './secrets/site';
import {
  ALICE,
  createdLink,
  demoReady,
  openPopup,
  ownerClient,
  pageText,
  press,
  useServer,
  waitForText,
  OPTIONS_READY,
} from './steps';

/** The account of Firefox's server saved as localhost: one token saved for two origins would be refused. */
const LOCAL_USER = { email: 'sam@example.com', token: 'sam-token-localhost' };

/** A multi-line secret: the menu's own selectionText would lose its line break. */
const SECRET = 'vpn user: bob\nvpn pass: 7f3a-hunter2';
let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite(SECRET, PNG);
});
afterAll(() => site?.close());

/** The ids of every tab. */
const tabIds = (browser: ExtensionBrowser) =>
  browser.background(async (g) => (await g.chrome.tabs.query({})).map((tab) => tab.id!));

/** What contextMenus.update says of the item `id`: null when it exists, else the error. */
const menuItem = (browser: ExtensionBrowser, id: string) =>
  browser.background(async (g, id) => {
    try {
      await g.browser.contextMenus.update(id, {});
      return null;
    } catch (error) {
      return String((error as Error).message ?? error);
    }
  }, id);

/** Firefox: clears every notification and waits until none is on screen, so the next one is the one read. */
async function clearAlerts(browser: ExtensionBrowser): Promise<void> {
  for (const id of await notificationsShown(browser))
    await browser.background((g, id) => g.browser.notifications.clear(id), id);
  await expect.poll(async () => (await alerts(puppeteerOf(browser))).length, { timeout: 10_000 }).toBe(0);
}

const ONLY_HERE = 'it opens only in this browser';

/** Opens `link` (a demo viewer link) and reveals what it holds, with its passphrase if it has one. */
async function revealed(browser: ExtensionBrowser, link: string, passphrase?: string) {
  const viewer = await openViewer(browser, link);
  await press(viewer, 'Reveal secret');
  if (passphrase) await unlock(viewer, passphrase);
  return shownSecret(viewer);
}

/** Waits until the popup's "Recent pushes" lists `count` pushes. */
async function waitForRecent(popup: JourneyPage, count: number): Promise<void> {
  const region = await popup.waitForSelector('::-p-aria(Recent pushes[role="region"])');
  await expect.poll(() => region!.$$eval('li', (items) => items.length)).toBe(count);
}

forEachBrowser(
  'demo mode on a fresh install, and quick push',
  (name, browser) => {
    let host: MockHost;
    let page: JourneyPage;
    let tabId: number;
    let selected: { token: string; notificationId: string };
    beforeAll(async () => {
      host = await startMockHost({ port: 0, users: [ALICE, LOCAL_USER], rateLimit: 0 });
      page = await browser().web(`${site.url}/notes.html`);
      tabId = await tabIdOf(browser(), site.url);
    });
    afterAll(() => host?.close());

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

    it(`registers the four menu items under contextMenus (Firefox: its alias of menus) and the four shortcuts (Firefox MV2: _execute_browser_action); runs in no private window until the person allows it`, async () => {
      await seamReady(browser());
      for (const id of Object.values(MENU_IDS)) await expect.poll(() => menuItem(browser(), id)).toBeNull();
      // The check above can fail: an unknown item is refused.
      expect(await menuItem(browser(), 'no-such-item')).toBe('Cannot find menu item with id no-such-item');

      const commands = await browser().background((g) => g.browser.commands.getAll());
      const open = name === 'chromium' ? '_execute_action' : '_execute_browser_action';
      expect(commands.map(({ name, shortcut }) => ({ name, shortcut }))).toEqual(
        expect.arrayContaining([
          // Firefox: Alt+Shift+S is the English History menu's (wxt.config.ts).
          { name: 'push-selection', shortcut: name === 'chromium' ? 'Alt+Shift+S' : 'Alt+Shift+P' },
          { name: open, shortcut: 'Alt+Shift+O' },
          { name: 'push-clipboard', shortcut: 'Alt+Shift+Y' },
          { name: 'copy-last-link', shortcut: 'Alt+Shift+K' },
        ]),
      );
      expect(commands).toHaveLength(4);
      const manifest = await browser().background((g) => g.browser.runtime.getManifest());
      // MV3's name would not bind to Firefox's toolbar button: each manifest names only its own.
      expect(manifest.manifest_version).toBe(name === 'chromium' ? 3 : 2);
      expect(Object.keys(manifest.commands ?? {}).sort()).toEqual(
        [open, 'push-selection', 'push-clipboard', 'copy-last-link'].sort(),
      );
      expect(manifest.permissions).toEqual(
        expect.arrayContaining([
          'contextMenus',
          'notifications',
          'clipboardWrite',
          'activeTab',
          'scripting',
          ...(name === 'chromium' ? ['offscreen'] : []),
        ]),
      );
      // No `incognito` key in the manifest: Firefox reads it as "spanning" (one background page for both).
      expect(manifest.incognito).toBe(name === 'chromium' ? undefined : 'spanning');
      expect(await browser().background((g) => g.browser.extension.isAllowedIncognitoAccess())).toBe(false);
    });

    it(`in demo mode a quick push copies a demo link, by ${name === 'chromium' ? 'the one offscreen document, which also serves the demo service' : 'the background page, which also serves the demo service (Firefox has no offscreen document)'}, whose notification offers to connect a server; it opens in the viewer`, async () => {
      // "Push selected text" with no tab: the extension takes the menu's own selection text.
      const outcome = await menu(browser(), {
        menuItemId: MENU_IDS.selection,
        selectionText: `${name} quick demo 44`,
      });
      expect(outcome).toMatchObject({
        status: 'pushed',
        copied: true,
        message: expect.stringMatching(/To share a secret with someone, connect a server\.$/),
      });
      expect(outcome.notificationId.startsWith('quick-push:demo:')).toBe(true);
      expect(linkOf(outcome)).toMatch(new RegExp(`^${browser().base}/viewer\\.html#/p/`));
      expect(await browser().clipboard()).toBe(linkOf(outcome));
      expect(await offscreenDocuments(browser())).toBe(name === 'chromium' ? 1 : 'none');
      expect(await revealed(browser(), linkOf(outcome))).toBe(`${name} quick demo 44`);
    });

    if (name === 'firefox') firefoxMenuAndSession(browser, () => ({ page, host }));

    it(`"Push selected text" sends the whole multi-line selection, copies its link and raises a notification that stays on screen`, async () => {
      if (name === 'firefox') await clearAlerts(browser()); // the demo's: Firefox stacks its windows
      await useServer(browser(), host.baseUrl, ALICE.token);
      await selectSecret(page);
      await record(browser());
      // The menu's own selectionText collapses the line break: the extension reads the page instead.
      const info = {
        menuItemId: MENU_IDS.selection,
        selectionText: 'vpn user: bob vpn pass: 7f3a-hunter2',
        frameId: 0,
      };
      const outcome = await menu(browser(), info, tabId);
      expect(outcome).toMatchObject({
        status: 'pushed',
        copied: true,
        message:
          'Expires in 7 days or after 5 views, whichever comes first. Paste the link where you want to share it.',
      });
      selected = { token: pushed(outcome), notificationId: outcome.notificationId };
      expect(linkOf(outcome)).toMatch(new RegExp(`^${host.baseUrl}/p/[a-z0-9_-]+/r$`));
      expect(await browser().clipboard()).toBe(linkOf(outcome));
      const push = await ownerClient(host.baseUrl).retrievePush(selected.token);
      expect(push.payload).toBe(SECRET);
      expect(await notificationsShown(browser())).toContain(outcome.notificationId);
      expect((await recorded(browser())).closed).toEqual([]);
    });

    it(`a click on the quick push's notification (${name === 'chromium' ? 'the seam notifications.onClicked calls' : "Firefox's notification window, whose text offers no click of its own"}) opens that push's row in the dashboard, expanded and focused`, async () => {
      const { token } = selected;
      if (name === 'chromium')
        // What notifications.onClicked calls (lib/quick-push/e2e-hook.ts): no driver clicks Chromium's.
        await browser().background(
          (g, id) => g.secretPushQuickPush.notificationClicked(id),
          selected.notificationId,
        );
      else {
        const copied = await waitForAlert(puppeteerOf(browser()), 'Secret link copied');
        expect(copied.text).not.toContain('Click');
        await clickAlert(puppeteerOf(browser()), copied);
      }
      await (await openedOnRow(browser(), host.baseUrl, token)).page.close();
      // Opening its row used none of its views.
      const listed = (await ownerClient(host.baseUrl).activeAll()).find((push) => push.url_token === token);
      expect(listed?.views_remaining).toBe(listed?.expire_after_views);
    });

    it('the keyboard shortcut pushes the selection it reads from the page, and copies its link', async () => {
      await selectSecret(page);
      const outcome = await shortcut(browser(), tabId);
      expect(await browser().clipboard()).toBe(linkOf(outcome));
      const push = await ownerClient(host.baseUrl).retrievePush(pushed(outcome));
      expect(push.payload).toBe(SECRET);
    });

    it('the keyboard shortcut on a page the extension may not read pushes nothing and says why', async () => {
      // The journeys' build holds 127.0.0.1 only, and only a real shortcut press grants activeTab: this page
      // stays closed to it, its URL unseen too (the new tab is the one not there before).
      const tabsBefore = await tabIds(browser());
      const closed = await browser().web(`${site.url.replace('127.0.0.1', 'localhost')}/closed.html`);
      const [closedTab] = (await tabIds(browser())).filter((id) => !tabsBefore.includes(id));
      await selectSecret(closed);
      const before = (await ownerClient(host.baseUrl).activeAll()).length;

      expect(await shortcut(browser(), closedTab!)).toMatchObject({
        status: 'nothing',
        message: 'Secret Push cannot read this page. Use the menu item "Push selected text" instead.',
      });
      expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(before);
      await closed.close();
    });

    it('"Push this image" sends the image as a file whose bytes come back intact, and copies its link', async () => {
      const info = {
        menuItemId: MENU_IDS.image,
        srcUrl: `${site.url}/img.png`,
        pageUrl: `${site.url}/notes.html`,
      };
      const outcome = await menu(browser(), info, tabId);

      expect(await browser().clipboard()).toBe(linkOf(outcome));
      const retrieved = await ownerClient(host.baseUrl).retrievePush(pushed(outcome));
      expect(retrieved.files).toEqual([
        expect.objectContaining({ filename: 'img.png', content_type: 'image/png' }),
      ]);
      const download = await fetch(retrieved.files[0]!.url, {
        headers: { authorization: `Bearer ${ALICE.token}` },
      });
      expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    });

    it(`a push that fails while the server is down says why and holds its text in session storage only; ${name === 'chromium' ? '"Try again" on its notification sends it once' : 'a click on its notification (Firefox has no buttons: the text says so) sends it once'}`, async () => {
      if (name === 'firefox') await clearAlerts(browser());
      const port = Number(new URL(host.baseUrl).port);
      await host.close();
      await selectSecret(page);

      const failed = await menu(browser(), { menuItemId: MENU_IDS.selection, frameId: 0 }, tabId);
      expect(failed).toMatchObject({
        status: 'failed',
        retry: true,
        message: 'The server could not be reached. Check the address and your connection.',
      });
      expect(await storedText(browser(), 'local')).not.toContain('hunter2');
      expect(await storedText(browser())).toContain('hunter2');
      expect(await notificationsShown(browser())).toContain(failed.notificationId);
      host = await startMockHost({ port, users: [ALICE, LOCAL_USER], rateLimit: 0 });

      const link = name === 'chromium' ? await triedAgain(failed.notificationId) : await clickedRetry();
      expect(await browser().clipboard()).toBe(link);
      const [push] = await ownerClient(host.baseUrl).activeAll();
      expect(push!.html_url).toBe(link);
      expect((await ownerClient(host.baseUrl).retrievePush(push!.url_token)).payload).toBe(SECRET);
      expect(await notificationsShown(browser())).not.toContain(failed.notificationId);
      expect(await storedText(browser())).not.toContain('hunter2');
      expect(await tryAgain(browser(), failed.notificationId)).toMatchObject({ status: 'nothing' });
      expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(1);
    });

    /** Chromium: "Try again" (the seam its button's listener calls); its new notification is shown. */
    async function triedAgain(failedId: string): Promise<string> {
      const again = await tryAgain(browser(), failedId);
      expect(await notificationsShown(browser())).toContain(again.notificationId);
      return linkOf(again);
    }

    /**
     * Firefox refuses a notification that asks for buttons: the failure says "Click here to try again." and
     * the click on its window (lib/quick-push/notifier.ts) sends it. Returns the link it copied.
     */
    async function clickedRetry(): Promise<string> {
      const firefox = puppeteerOf(browser());
      const refused = await browser().background(async (g) => {
        const iconUrl = g.browser.runtime.getURL('/icon/128.png');
        const withButtons = { type: 'basic', iconUrl, title: 'T', message: 'M', buttons: [{ title: 'B' }] };
        try {
          // Firefox checks the options against its schema and throws before any promise exists.
          await g.browser.notifications.create('probe', withButtons as never);
          return 'created';
        } catch (error) {
          return (error as Error).message;
        }
      });
      expect(refused).toContain('"buttons" is unsupported by Firefox');
      const notice = await waitForAlert(firefox, 'Could not push the selected text');
      expect(notice.text).toMatch(/Click here to try again\.$/);
      expect(notice.buttons).toEqual([]);
      await clickAlert(firefox, notice);
      await waitForAlert(firefox, 'Secret link copied');
      await expect
        .poll(async () => (await alerts(firefox)).map((a) => a.title))
        .not.toContain('Could not push the selected text');
      return browser().clipboard();
    }

    if (name === 'firefox') firefoxHostPermission(browser, () => host);
    if (name === 'firefox') firefoxClipboardClear(browser);
    if (name === 'firefox') firefoxPrivateWindows(browser);
  },
  { notificationWindows: true },
);

/**
 * Firefox only, in demo mode: quick push's items in Firefox's real context menu (browsers/firefox-chrome.ts),
 * and "Push this image" chosen there. Then storage.session (Firefox 115 and later, as strict_min_version asks):
 * a token kept "for this browser session only" lives there, and the popup pushes with it.
 */
function firefoxMenuAndSession(
  ext: () => ExtensionBrowser,
  state: () => { page: JourneyPage; host: MockHost },
): void {
  it('Firefox only: shows "Push this image" on an image and "Push this page\'s URL" on the page, each only there; chosen, the image is pushed (demo mode), its link copied, and the notice says where it opens', async () => {
    const firefox = puppeteerOf(ext());
    await clearAlerts(ext());
    const onText = await contextMenuOf(firefox, state().page, '#secret');
    await closeMenu(firefox);
    const onImage = await contextMenuOf(firefox, state().page, '#img');
    expect(onImage).toContain('Push this image');
    expect(onImage).not.toContain('Push selected text');
    expect(onText).toContain("Push this page's URL");
    expect(onText).not.toContain('Push this image');
    expect(MENU_ITEMS.find((item) => item.id === MENU_IDS.image)?.contexts).toEqual(['image']);

    await chooseMenuItem(firefox, 'Push this image');
    // A demo link opens only in this browser (issue 20). Firefox has no buttons: a click opens the push in
    // the dashboard (issue 19), so the text offers no click of its own.
    const notice = await waitForAlert(firefox, 'Demo link copied: it opens only in this browser');
    expect(notice.text).toMatch(/To share a secret with someone, connect a server\.$/);
    expect(notice.text).not.toContain('Click');
    const link = await ext().clipboard();
    expect(link.startsWith(`${ext().base}/viewer.html#/p/`)).toBe(true);
    const viewer = await openViewer(ext(), link);
    await press(viewer, 'Reveal secret');
    await waitForText(viewer, 'img.png');
  });

  it('Firefox only: storage.session keeps a token saved "for this browser session only", which the popup then pushes with', async () => {
    const page = await ext().open('options.html', '#server-choice');
    const { host } = state();
    await connectServer(page, host.baseUrl, ALICE.token, 'Saved. Pushes now go to this server.', () =>
      page.click('::-p-aria(This browser session only[role="radio"])'),
    );

    expect(await storedText(ext(), 'local')).not.toContain(ALICE.token);
    // Settings version 2: the token is kept per server, bound to the server's origin.
    expect(JSON.parse(await storedText(ext()))).toMatchObject({
      serverTokens: { [host.baseUrl]: { value: ALICE.token, origin: new URL(host.baseUrl).origin } },
    });

    const popup = await openPopup(ext());
    expect(await pageText(popup)).not.toContain('Demo: links open only');
    const { link } = await createPush(popup, { secret: 'kept for the session 5' });
    // Listed as Alice's: the popup sent the token it read from storage.session.
    const [push] = await ownerClient(host.baseUrl).activeAll();
    expect(link).toBe(push!.html_url);
    await popup.close();
  });
}

/**
 * Firefox only (MV2 has no optional_host_permissions): a server's origin is an optional permission, asked for
 * on Connect. The journeys' build holds 127.0.0.1 only, so the server is saved as http://localhost:PORT; the
 * test profile (browsers/firefox.ts) grants the request without the prompt a person would answer.
 */
function firefoxHostPermission(ext: () => ExtensionBrowser, state: () => MockHost): void {
  it("Firefox only: a saved server's origin is an optional permission, requested on Connect and held afterwards", async () => {
    const host = state();
    const LOCALHOST = 'http://localhost/*';
    const page = await ext().open('options.html', OPTIONS_READY);
    const held = () =>
      page.evaluate(async (origin) => {
        const all = await browser.permissions.getAll();
        return { contains: await browser.permissions.contains({ origins: [origin] }), all: all.origins };
      }, LOCALHOST);
    const manifest = await page.evaluate(() => browser.runtime.getManifest());
    expect(manifest.optional_permissions).toContain(LOCALHOST);
    expect(manifest.permissions).not.toContain(LOCALHOST);
    // The build's own (wxt.config.ts E2E_HOSTS): loopback, and the chat-preview guard's journey's chat host.
    const built = ['http://127.0.0.1/*', 'http://app.slack.com/*'];
    expect(await held()).toEqual({ contains: false, all: built });

    const localhost = host.baseUrl.replace('127.0.0.1', 'localhost');
    await press(page, 'Add a server');
    await connectServer(page, localhost, LOCAL_USER.token, 'Saved. The default server has not changed.');
    expect(await held()).toEqual({ contains: true, all: [...built, LOCALHOST] });

    // With the permission held, Test connection on the saved server's Edit reaches it, its token accepted.
    await press(page, `Edit ${new URL(localhost).host}`);
    await press(page, 'Test connection');
    await waitForText(page, 'The connection works.');
    expect(await pageText(page)).toContain('Token accepted');
  });
}

/**
 * Firefox only: with no offscreen document, the background page writes the clipboard itself and keeps the
 * clearer's timer (lib/clipboard/background.ts): the link is emptied later, only while the clipboard holds it.
 */
function firefoxClipboardClear(ext: () => ExtensionBrowser): void {
  it('Firefox only: the background page clears the link later, and leaves alone what was copied since', async () => {
    const page = await ext().open('options.html', OPTIONS_READY);
    const PAGE = { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/handbook' };
    // The shortest choice on the options page, 30 s, which the test build counts as 30 × 50 ms.
    await page.evaluate(() => browser.storage.local.set({ clipboardClearSeconds: 30 }));
    const delay = 30 * E2E_CLEAR_MS_PER_SECOND;

    const first = await menu(ext(), PAGE);
    expect(await ext().clipboard()).toBe(linkOf(first));
    await expect.poll(() => ext().clipboard(), { timeout: 4 * delay }).toBe('');

    await menu(ext(), PAGE);
    await page.evaluate(() => navigator.clipboard.writeText('copied by the person since'));
    // Past the clear's time with room to spare: it has run, and kept what the person copied.
    await new Promise((resolve) => setTimeout(resolve, 3 * delay));
    expect(await ext().clipboard()).toBe('copied by the person since');
  });
}

/**
 * Firefox only: private windows, where Secret Push runs only once allowed. There Firefox ESR 153 gives
 * extension pages no IndexedDB: the pages say so (lib/watch/db.ts storageRefused), and pushing still works
 * through the background page, never private. Allowing reloads the add-on, so this comes last.
 */
function firefoxPrivateWindows(ext: () => ExtensionBrowser): void {
  const REFUSED =
    'The browser keeps no data for Secret Push in this window (Firefox refuses it in private windows).';

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
    const page = await ext().open('options.html', OPTIONS_READY);
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
    await ext().background((g) => g.browser.storage.local.set({ demoMode: true }));
    await allowInPrivateWindows();

    const dashboard = await openPrivate('dashboard.html', '::-p-aria(Refresh[role="button"])');
    expect(await dashboard.evaluate(() => browser.extension.inIncognitoContext)).toBe(true);
    await waitForText(dashboard, REFUSED, 10_000);
    expect(await pageText(dashboard)).toContain(`The list could not be read: ${REFUSED}`);

    const popup = await openPrivate('popup.html', '#sp-secret');
    await waitForText(popup, REFUSED, 10_000);
    expect(await pageText(popup)).toContain(`The recent pushes could not be read: ${REFUSED}`);
    const { link } = await createPush(popup, { secret: 'pushed from a private window' });
    expect(link.startsWith(`${ext().base}/viewer.html#/p/`)).toBe(true);
  });
}
