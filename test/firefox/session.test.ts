/**
 * storage.session in Firefox: present in Firefox ESR 153 for an MV2 extension (since Firefox 115; the
 * manifest's strict_min_version keeps older Firefox out, so there is no fallback to test). The token kept
 * "for this browser session only" lives there and never in storage.local, and the popup pushes with it; a
 * failed quick push's request, held for "Try again", is there too and nowhere else.
 */
// startMockHost's store (idb) needs the IDB globals in this Node process, as in test/e2e/popup-support.ts.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { quickPushFromMenu } from './background';
import { launchFirefox, pageText, OPTIONS_READY, type Firefox } from './browser';

const ALICE = { email: 'alice@example.com', token: 'alice-token-firefox-sess' };
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

describe('Firefox: storage.session', () => {
  it('keeps a token saved "for this browser session only", which the popup then pushes with', async () => {
    const options = await firefox.open('options.html', '#server-choice');
    expect(await options.evaluate(() => typeof browser.storage.session?.get)).toBe('function');
    await options.select('#server-choice', 'self-hosted');
    await options.waitForSelector('#server-url');
    await options.type('#server-url', host.baseUrl);
    await options.type('#api-token', ALICE.token);
    await options.locator('::-p-aria(This browser session only[role="radio"])').click();
    await options.locator('::-p-aria(Connect[role="button"])').click();
    await options.waitForFunction(
      () => document.body.innerText.includes('Saved. Pushes now go to this server.'),
      { timeout: 15_000 },
    );

    const areas = await options.evaluate(async () => ({
      local: JSON.stringify(await browser.storage.local.get(null)),
      session: await browser.storage.session.get(null),
    }));
    expect(areas.local).not.toContain(ALICE.token);
    // Settings version 2: the token is kept per server, bound to the server's origin.
    expect(areas.session).toMatchObject({
      serverTokens: { [host.baseUrl]: { value: ALICE.token, origin: new URL(host.baseUrl).origin } },
    });

    const popup = await firefox.open('popup.html', '#sp-secret');
    expect(await pageText(popup)).not.toContain('Demo: links open only');
    await popup.type('#sp-secret', 'kept for the session 5');
    await popup.locator('::-p-aria(Create push[role="button"])').click();
    await popup.waitForSelector('::-p-aria(Secret link)');
    // Listed as Alice's: the popup sent the token it read from storage.session.
    const [push] = await createApiClient({ baseUrl: host.baseUrl, token: ALICE.token }).activeAll();
    expect(await popup.$eval('#sp-link', (shown) => shown.textContent)).toBe(push!.html_url);
  });

  it('holds a failed quick push for "Try again" in storage.session, never in storage.local', async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    await host.close(); // the server is down: the quick push fails
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
