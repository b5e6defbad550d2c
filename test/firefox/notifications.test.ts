/**
 * Firefox's notifications and storage.session, in one launch: a session-only token is connected first (on
 * the options page's open form), the notifications' checks then save the server as they need it, and the
 * server is stopped last.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { menu, pushed, storedText } from '../journeys/secrets/quick';
import {
  ALICE,
  connect,
  createdLink,
  openPopup,
  ownerClient,
  pageText,
  press,
  useServer,
} from '../journeys/steps';
import { EXT_BASE } from './browser';
import { alerts, clickAlert, waitForAlert } from './chrome';
import { useFirefox } from './setup';

const firefox = useFirefox();

/**
 * storage.session in Firefox: present in Firefox ESR 153 for an MV2 extension (since Firefox 115; the
 * manifest's strict_min_version keeps older Firefox out, so there is no fallback to test). The token kept
 * "for this browser session only" lives there and never in storage.local, and the popup pushes with it; a
 * failed quick push's request, held for "Try again", is there too and nowhere else (its test ends the file).
 */
describe('Firefox: storage.session', () => {
  it('keeps a token saved "for this browser session only", which the popup then pushes with', async () => {
    const { ext, host } = firefox();
    const options = await firefox().options('#server-choice');
    expect(await options.evaluate(() => typeof browser.storage.session?.get)).toBe('function');
    await connect(options, host.baseUrl, ALICE.token, true);

    expect(await storedText(ext, 'local')).not.toContain(ALICE.token);
    // Settings version 2: the token is kept per server, bound to the server's origin.
    expect(JSON.parse(await storedText(ext))).toMatchObject({
      serverTokens: { [host.baseUrl]: { value: ALICE.token, origin: new URL(host.baseUrl).origin } },
    });

    const popup = await openPopup(ext);
    expect(await pageText(popup)).not.toContain('Demo: links open only');
    await popup.type('#sp-secret', 'kept for the session 5');
    await press(popup, 'Create push');
    const { link } = await createdLink(popup);
    // Listed as Alice's: the popup sent the token it read from storage.session.
    const [push] = await ownerClient(host.baseUrl).activeAll();
    expect(link).toBe(push!.html_url);
  });
});

/**
 * Notifications in Firefox, which has no notification buttons and refuses a notification that asks for
 * them. Where Chrome shows a "Try again" button on a failed quick push, Firefox shows the words "Click here
 * to try again." and the click does it (lib/quick-push/notifier.ts, background.ts); the watcher's
 * notification of an opened push, and a quick push's own notification, open the dashboard on that push when
 * clicked (lib/watch/background/notify.ts, lib/quick-push/background.ts). The notifications are Firefox's
 * own windows here, clicked as a person would (./chrome.ts).
 */
describe('Firefox: notifications', () => {
  /** The addresses of the open dashboard tabs. */
  const dashboards = () =>
    firefox().ext.background(
      async (g, url) =>
        (await g.browser.tabs.query({})).flatMap((tab) => (tab.url?.startsWith(url) ? [tab.url] : [])),
      `${EXT_BASE}/dashboard.html`,
    );

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
    const { ext, host, browser } = firefox();
    await useServer(ext, host.baseUrl, 'a-token-the-server-rejects');
    const failed = await menu(ext, { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/try-again' });
    expect(failed).toMatchObject({ status: 'failed', retry: true });

    const notice = await waitForAlert(browser, 'Could not push the link');
    expect(notice.text).toMatch(/Click here to try again\.$/);
    expect(notice.buttons).toEqual([]);

    await useServer(ext, host.baseUrl, ALICE.token);
    await clickAlert(browser, notice);
    await waitForAlert(browser, 'Secret link copied');
    const [push] = await ownerClient(host.baseUrl).activeAll(); // newest first
    expect(await ext.clipboard()).toBe(push!.html_url);
    expect((await alerts(browser)).map((a) => a.title)).not.toContain('Could not push the link');
  });

  it('the watcher notifies of an opened push, and a click on it opens the dashboard', async () => {
    const { ext, host, browser } = firefox();
    await useServer(ext, host.baseUrl, ALICE.token);
    const token = pushed(
      await menu(ext, { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/watched' }),
    );
    await createApiClient({ baseUrl: host.baseUrl }).retrievePush(token);

    const dashboard = await ext.open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await press(dashboard, 'Refresh');
    const viewed = await waitForAlert(browser, 'Viewed from 127.0.0.1');
    expect(await dashboards()).toHaveLength(1);

    // The click opens the dashboard on that push's own address (issue 19).
    await clickAlert(browser, viewed);
    await expect.poll(async () => (await dashboards()).length, { timeout: 10_000 }).toBe(2);
    expect((await dashboards()).some((url) => url.includes('#/push/') && url.endsWith(`/${token}`))).toBe(
      true,
    );
  });

  it("a quick push's notification, clicked, opens the dashboard on that push (issue 19)", async () => {
    const { ext, host, browser } = firefox();
    await useServer(ext, host.baseUrl, ALICE.token);
    // The earlier tests' "Secret link copied" may still be on screen: only this push's is to be clicked.
    await ext.background(async (g) => {
      for (const id of Object.keys(await g.browser.notifications.getAll()))
        await g.browser.notifications.clear(id);
    }, null);
    await expect
      .poll(async () => (await alerts(browser)).map((a) => a.title), { timeout: 10_000 })
      .not.toContain('Secret link copied');
    const outcome = await menu(ext, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/opened-from-its-notification',
    });
    expect(outcome).toMatchObject({ status: 'pushed', copied: true });
    const copied = await waitForAlert(browser, 'Secret link copied');
    expect(copied.text).not.toContain('Click');

    await clickAlert(browser, copied);
    const address = `${EXT_BASE}/dashboard.html#/push/${encodeURIComponent(host.baseUrl)}/${pushed(outcome)}`;
    await expect.poll(dashboards, { timeout: 10_000 }).toContain(address);
  });
});

describe('Firefox: storage.session, with the server down', () => {
  it('holds a failed quick push for "Try again" in storage.session, never in storage.local', async () => {
    const { ext, host } = firefox();
    await host.close(); // the server is down: the quick push fails
    const failed = await menu(ext, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/held-for-the-session',
    });
    expect(failed).toMatchObject({ status: 'failed', retry: true });
    const { quickPushHeld } = JSON.parse(await storedText(ext)) as Record<string, unknown>;
    expect(JSON.stringify(quickPushHeld)).toContain('held-for-the-session');
    expect(await storedText(ext, 'local')).not.toContain('held-for-the-session');
  });
});
