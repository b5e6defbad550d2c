/**
 * storage.session in Firefox: present in Firefox ESR 153 for an MV2 extension (since Firefox 115; the
 * manifest's strict_min_version keeps older Firefox out, so there is no fallback to test). The token kept
 * "for this browser session only" lives there and never in storage.local, and the popup pushes with it; a
 * failed quick push's request, held for "Try again", is there too and nowhere else.
 */
import { describe, expect, it } from 'vitest';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { ownerClient } from '../browser-steps';
import { ALICE, connect, pageText, quickPushFromMenu, useFirefox } from './setup';

const firefox = useFirefox({ notificationWindows: true, host: true });

describe('Firefox: storage.session', () => {
  it('keeps a token saved "for this browser session only", which the popup then pushes with', async () => {
    const { host } = firefox();
    const options = await firefox().options('#server-choice');
    expect(await options.evaluate(() => typeof browser.storage.session?.get)).toBe('function');
    await connect(options, host.baseUrl, ALICE.token, true);

    const areas = await options.evaluate(async () => ({
      local: JSON.stringify(await browser.storage.local.get(null)),
      session: await browser.storage.session.get(null),
    }));
    expect(areas.local).not.toContain(ALICE.token);
    // Settings version 2: the token is kept per server, bound to the server's origin.
    expect(areas.session).toMatchObject({
      serverTokens: { [host.baseUrl]: { value: ALICE.token, origin: new URL(host.baseUrl).origin } },
    });

    const popup = await firefox().open('popup.html', '#sp-secret');
    expect(await pageText(popup)).not.toContain('Demo: links open only');
    await popup.type('#sp-secret', 'kept for the session 5');
    await popup.locator('::-p-aria(Create push[role="button"])').click();
    await popup.waitForSelector('::-p-aria(Secret link)');
    // Listed as Alice's: the popup sent the token it read from storage.session.
    const [push] = await ownerClient(host.baseUrl).activeAll();
    expect(await popup.$eval('#sp-link', (shown) => shown.textContent)).toBe(push!.html_url);
  });

  it('holds a failed quick push for "Try again" in storage.session, never in storage.local', async () => {
    const page = await firefox().options();
    await firefox().host.close(); // the server is down: the quick push fails
    const failed = await quickPushFromMenu(page, {
      menuItemId: MENU_IDS.page,
      pageUrl: 'https://example.com/held-for-the-session',
    });
    expect(failed).toMatchObject({ status: 'failed', retry: true });
    const areas = await page.evaluate(async () => ({
      local: JSON.stringify(await browser.storage.local.get(null)),
      session: JSON.stringify(await browser.storage.session.get('quickPushHeld')),
    }));
    expect(areas.session).toContain('held-for-the-session');
    expect(areas.local).not.toContain('held-for-the-session');
  });
});
