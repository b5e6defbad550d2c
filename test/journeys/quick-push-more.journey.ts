/**
 * Quick push beyond quick-push.journey.ts, in both browsers through the same seam (lib/quick-push/e2e-hook.ts):
 * a push that fails while the server is down and "Try again" once it is back; the menu items and the
 * shortcuts the extension registers; and demo mode's quick push, whose link is copied where the demo service
 * runs: Chromium's one offscreen document, Firefox's background page (it has no offscreen documents).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { linkOf, menu, storedText, tryAgain } from './secrets/quick';
import { RETRY_IN } from './secrets/retry';
import { startSite, tabIdOf } from './secrets/site';
import { ALICE, demoReady, ownerClient, useServer } from './steps';

const SECRET = 'vpn pass: 7f3a-hunter2-retry';

/** The ids of the notifications still on screen. */
const notificationsShown = (browser: ExtensionBrowser) =>
  browser.background(async (g) => Object.keys(await g.browser.notifications.getAll()), null);

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

forEachBrowser('quick push: failures, registration, demo', (name, browser) => {
  let host: MockHost;
  let site: Awaited<ReturnType<typeof startSite>>;
  let page: JourneyPage;
  let tabId: number;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
    site = await startSite(SECRET, 'not used');
    page = await browser().web(`${site.url}/notes.html`);
    tabId = await tabIdOf(browser(), site.url);
  });
  afterAll(async () => {
    await host?.close();
    await site?.close();
  });

  it(`registers the four menu items under contextMenus (Firefox: its alias of menus) and both shortcuts (Firefox MV2: _execute_browser_action)`, async () => {
    // First: the background has run far enough to expose the quick-push seam the tests below call.
    await expect
      .poll(() => browser().background((g) => typeof g.secretPushQuickPush === 'object', null))
      .toBe(true);
    for (const id of Object.values(MENU_IDS)) await expect.poll(() => menuItem(browser(), id)).toBeNull();
    // The check above can fail: an unknown item is refused.
    expect(await menuItem(browser(), 'no-such-item')).toBe('Cannot find menu item with id no-such-item');

    const commands = await browser().background((g) => g.browser.commands.getAll(), null);
    const open = name === 'chromium' ? '_execute_action' : '_execute_browser_action';
    expect(commands.map(({ name, shortcut }) => ({ name, shortcut }))).toEqual(
      expect.arrayContaining([
        { name: 'push-selection', shortcut: 'Alt+Shift+S' },
        { name: open, shortcut: 'Alt+Shift+O' },
      ]),
    );
    expect(commands).toHaveLength(2);
    const manifest = await browser().background((g) => g.browser.runtime.getManifest(), null);
    // MV3's name would not bind to Firefox's toolbar button: each manifest names only its own.
    expect(manifest.manifest_version).toBe(name === 'chromium' ? 3 : 2);
    expect(Object.keys(manifest.commands ?? {}).sort()).toEqual([open, 'push-selection'].sort());
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
  });

  it(`in demo mode a quick push's link is copied by ${name === 'chromium' ? 'the one offscreen document, which also serves the demo service' : 'the background page, which also serves the demo service (Firefox has no offscreen document)'}`, async () => {
    await demoReady(browser());
    const outcome = await menu(
      browser(),
      { menuItemId: MENU_IDS.page, pageUrl: `${site.url}/notes.html` },
      tabId,
    );
    expect(outcome).toMatchObject({ status: 'pushed', copied: true });
    expect(linkOf(outcome)).toMatch(new RegExp(`^${browser().base}/viewer\\.html#/p/`));
    expect(await browser().clipboard()).toBe(linkOf(outcome));
    const offscreen = await browser().background(
      async (g) =>
        'offscreen' in g.browser
          ? (await g.chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })).length
          : 'none',
      null,
    );
    expect(offscreen).toBe(name === 'chromium' ? 1 : 'none');
  });

  it(`a push that fails while the server is down says why and holds its text in session storage only; ${RETRY_IN[name]}`, async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    const port = Number(new URL(host.baseUrl).port);
    await host.close();
    await page.evaluate(() => getSelection()!.selectAllChildren(document.querySelector('#secret')!));

    const failed = await menu(browser(), { menuItemId: MENU_IDS.selection, frameId: 0 }, tabId);
    expect(failed).toMatchObject({
      status: 'failed',
      retry: true,
      message: 'The server could not be reached. Check the address and your connection.',
    });
    expect(await storedText(browser(), 'local')).not.toContain('hunter2');
    host = await startMockHost({ port, users: [ALICE], rateLimit: 0 });

    if (name === 'chromium') await chromiumRetry(browser(), host, failed.notificationId);
    else {
      // Headless Firefox closes the notification at once, as if by the user: the held text goes with it.
      await expect.poll(() => storedText(browser())).not.toContain('hunter2');
      expect(await tryAgain(browser(), failed.notificationId)).toMatchObject({ status: 'nothing' });
      expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(0);
    }
  });
});

/**
 * Chromium keeps the failed push's notification and its held text; "Try again" sends it once, to the server
 * back on the same address.
 */
async function chromiumRetry(browser: ExtensionBrowser, host: MockHost, failedId: string): Promise<void> {
  expect(await notificationsShown(browser)).toContain(failedId);
  expect(await storedText(browser)).toContain('hunter2');

  const again = await tryAgain(browser, failedId);
  if (again.status !== 'pushed') throw new Error(`not pushed: ${again.message}`);
  expect(await browser.clipboard()).toBe(again.link);
  const urlToken = new URL(again.link).pathname.split('/')[2]!;
  expect((await ownerClient(host.baseUrl).retrievePush(urlToken)).payload).toBe(SECRET);
  const shown = await notificationsShown(browser);
  expect(shown).toContain(again.notificationId);
  expect(shown).not.toContain(failedId);
  expect(await storedText(browser)).not.toContain('hunter2');
  expect(await tryAgain(browser, failedId)).toMatchObject({ status: 'nothing' });
  expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(1);
}
