/**
 * Notifications in Firefox, which has no notification buttons and refuses a notification that asks for
 * them. Where Chrome shows a "Try again" button on a failed quick push, Firefox shows the words "Click here
 * to try again." and the click does it (lib/quick-push/notifier.ts, background.ts); the watcher's
 * notification of an opened push, and a quick push's own notification, open the dashboard on that push when
 * clicked (lib/watch/background/notify.ts, lib/quick-push/background.ts). The
 * notifications are Firefox's own windows here, clicked as a person would (test/firefox/alerts.ts).
 */
// startMockHost's store (idb) needs the IDB globals in this Node process, as in test/e2e/popup-support.ts.
import 'fake-indexeddb/auto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { savedServer } from '../saved-server';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { alerts, clickAlert, waitForAlert } from './alerts';
import { quickPushFromMenu, readClipboard } from './background';
import { EXT_BASE, launchFirefox, OPTIONS_READY, type Firefox } from './browser';

const ALICE = { email: 'alice@example.com', token: 'alice-token-firefox-note' };
let firefox: Firefox;
let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  firefox = await launchFirefox({ notificationWindows: true });
});
afterAll(async () => {
  await firefox?.close();
  await host?.close();
});

/** Saves the mock host as the server, with `token` (as the options page would store it). */
function useHost(page: Page, token: string) {
  return page.evaluate((stored) => browser.storage.local.set(stored), savedServer(host.baseUrl, token));
}

describe('Firefox: notifications', () => {
  it('refuses a notification with buttons, which is why Secret Push never asks for one there', async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    const refused = await page.evaluate(async () => {
      try {
        // Firefox checks the options against its schema and throws before any promise exists.
        // Chrome's options (WXT's types are Chrome's), which Firefox refuses.
        const withButtons = {
          type: 'basic',
          iconUrl: browser.runtime.getURL('/icon/128.png'),
          title: 'T',
          message: 'M',
          buttons: [{ title: 'B' }],
        };
        await browser.notifications.create('probe', withButtons as never);
        return 'created';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(refused).toContain('"buttons" is unsupported by Firefox');
  });

  it('a failed quick push says a click tries again, and the click pushes and copies the link', async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    await useHost(page, 'a-token-the-server-rejects');
    const failed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/try-again',
    });
    expect(failed).toMatchObject({ status: 'failed', retry: true });

    const notice = await waitForAlert(firefox.browser, 'Could not push the link');
    expect(notice.text).toMatch(/Click here to try again\.$/);
    expect(notice.buttons).toEqual([]);

    await useHost(page, ALICE.token);
    await clickAlert(firefox.browser, notice);
    await waitForAlert(firefox.browser, 'Secret link copied');
    const [push] = await createApiClient({ baseUrl: host.baseUrl, token: ALICE.token }).activeAll();
    expect(await readClipboard(page)).toBe(push!.html_url);
    expect((await alerts(firefox.browser)).map((a) => a.title)).not.toContain('Could not push the link');
  });

  it('the watcher notifies of an opened push, and a click on it opens the dashboard', async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    await useHost(page, ALICE.token);
    const pushed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/watched',
    });
    const token = new URL((pushed as { link: string }).link).pathname.split('/')[2]!;
    await createApiClient({ baseUrl: host.baseUrl }).retrievePush(token);

    const dashboard = await firefox.open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await dashboard.locator('::-p-aria(Refresh[role="button"])').click();
    const viewed = await waitForAlert(firefox.browser, 'Viewed from 127.0.0.1');
    const dashboards = () =>
      page.evaluate(
        async (url) =>
          (await browser.tabs.query({})).flatMap((tab) => (tab.url?.startsWith(url) ? [tab.url] : [])),
        `${EXT_BASE}/dashboard.html`,
      );
    expect(await dashboards()).toHaveLength(1);

    // The click opens the dashboard on that push's own address (issue 19).
    await clickAlert(firefox.browser, viewed);
    await expect.poll(async () => (await dashboards()).length, { timeout: 10_000 }).toBe(2);
    expect((await dashboards()).some((url) => url.includes('#/push/') && url.endsWith(`/${token}`))).toBe(
      true,
    );
  });

  it("a quick push's notification, clicked, opens the dashboard on that push (issue 19)", async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    await useHost(page, ALICE.token);
    // The earlier tests' "Secret link copied" may still be on screen: only this push's is to be clicked.
    await page.evaluate(async () => {
      for (const id of Object.keys(await browser.notifications.getAll()))
        await browser.notifications.clear(id);
    });
    await expect
      .poll(async () => (await alerts(firefox.browser)).map((a) => a.title), { timeout: 10_000 })
      .not.toContain('Secret link copied');
    const pushed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/opened-from-its-notification',
    });
    expect(pushed).toMatchObject({ status: 'pushed', copied: true });
    const token = new URL((pushed as { link: string }).link).pathname.split('/')[2]!;
    const copied = await waitForAlert(firefox.browser, 'Secret link copied');
    expect(copied.text).not.toContain('Click');

    await clickAlert(firefox.browser, copied);
    const address = `${EXT_BASE}/dashboard.html#/push/${encodeURIComponent(host.baseUrl)}/${token}`;
    await expect
      .poll(() => page.evaluate(async () => (await browser.tabs.query({})).map((tab) => tab.url ?? '')), {
        timeout: 10_000,
      })
      .toContain(address);
  });
});
