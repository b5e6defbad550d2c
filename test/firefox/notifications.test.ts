/**
 * Notifications in Firefox, which has no notification buttons and refuses a notification that asks for
 * them. Where Chrome shows a "Try again" button on a failed quick push, Firefox shows the words "Click here
 * to try again." and the click does it (lib/quick-push/notifier.ts, background.ts); the watcher's
 * notification of an opened push, and a quick push's own notification, open the dashboard on that push when
 * clicked (lib/watch/background/notify.ts, lib/quick-push/background.ts). The
 * notifications are Firefox's own windows here, clicked as a person would (test/firefox/chrome.ts).
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { MENU_IDS } from '@/lib/quick-push/menus';
import type { QuickPushOutcome } from '@/lib/quick-push/types';
import { ownerClient } from '../browser-steps';
import { EXT_BASE } from './browser';
import { alerts, clickAlert, waitForAlert } from './chrome';
import { ALICE, linkOf, quickPushFromMenu, readClipboard, useFirefox, useHost } from './setup';

const firefox = useFirefox({ notificationWindows: true, host: true });

/** The options page, with the mock host saved as the server with `token`. */
async function optionsOnHost(token: string) {
  const page = await firefox().options();
  await useHost(page, firefox().host.baseUrl, token);
  return page;
}

/** The url_token of the push a quick push copied the link of. */
const tokenOf = (pushed: QuickPushOutcome) => new URL(linkOf(pushed)).pathname.split('/')[2]!;

describe('Firefox: notifications', () => {
  it('refuses a notification with buttons, which is why Secret Push never asks for one there', async () => {
    const page = await firefox().options();
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
    const ff = firefox();
    const page = await optionsOnHost('a-token-the-server-rejects');
    const failed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/try-again',
    });
    expect(failed).toMatchObject({ status: 'failed', retry: true });

    const notice = await waitForAlert(ff.browser, 'Could not push the link');
    expect(notice.text).toMatch(/Click here to try again\.$/);
    expect(notice.buttons).toEqual([]);

    await useHost(page, ff.host.baseUrl, ALICE.token);
    await clickAlert(ff.browser, notice);
    await waitForAlert(ff.browser, 'Secret link copied');
    const [push] = await ownerClient(ff.host.baseUrl).activeAll();
    expect(await readClipboard(page)).toBe(push!.html_url);
    expect((await alerts(ff.browser)).map((a) => a.title)).not.toContain('Could not push the link');
  });

  it('the watcher notifies of an opened push, and a click on it opens the dashboard', async () => {
    const ff = firefox();
    const page = await optionsOnHost(ALICE.token);
    const pushed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/watched',
    });
    const token = tokenOf(pushed);
    await createApiClient({ baseUrl: ff.host.baseUrl }).retrievePush(token);

    const dashboard = await firefox().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await dashboard.locator('::-p-aria(Refresh[role="button"])').click();
    const viewed = await waitForAlert(ff.browser, 'Viewed from 127.0.0.1');
    const dashboards = () =>
      page.evaluate(
        async (url) =>
          (await browser.tabs.query({})).flatMap((tab) => (tab.url?.startsWith(url) ? [tab.url] : [])),
        `${EXT_BASE}/dashboard.html`,
      );
    expect(await dashboards()).toHaveLength(1);

    // The click opens the dashboard on that push's own address (issue 19).
    await clickAlert(ff.browser, viewed);
    await expect.poll(async () => (await dashboards()).length, { timeout: 10_000 }).toBe(2);
    expect((await dashboards()).some((url) => url.includes('#/push/') && url.endsWith(`/${token}`))).toBe(
      true,
    );
  });

  it("a quick push's notification, clicked, opens the dashboard on that push (issue 19)", async () => {
    const ff = firefox();
    const page = await optionsOnHost(ALICE.token);
    // The earlier tests' "Secret link copied" may still be on screen: only this push's is to be clicked.
    await page.evaluate(async () => {
      for (const id of Object.keys(await browser.notifications.getAll()))
        await browser.notifications.clear(id);
    });
    await expect
      .poll(async () => (await alerts(ff.browser)).map((a) => a.title), { timeout: 10_000 })
      .not.toContain('Secret link copied');
    const pushed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/opened-from-its-notification',
    });
    expect(pushed).toMatchObject({ status: 'pushed', copied: true });
    const token = tokenOf(pushed);
    const copied = await waitForAlert(ff.browser, 'Secret link copied');
    expect(copied.text).not.toContain('Click');

    await clickAlert(ff.browser, copied);
    const address = `${EXT_BASE}/dashboard.html#/push/${encodeURIComponent(ff.host.baseUrl)}/${token}`;
    await expect
      .poll(() => page.evaluate(async () => (await browser.tabs.query({})).map((tab) => tab.url ?? '')), {
        timeout: 10_000,
      })
      .toContain(address);
  });
});
