/**
 * The watcher as a new user meets it (issue 19), in both browsers against the Node host: an account that
 * already holds pushes, connected on the options page, is listed in the dashboard within 10 s of Connect,
 * without anyone pressing Refresh (the watcher reads a new account at once, and the dashboard asks for a
 * refresh when it opens on an empty cache).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser } from './browsers';
import { ownerClient, press, waitForText } from './steps';

/** A user whose account holds pushes made elsewhere (another browser, the web UI): none from this one. */
const SAM = { email: 'sam@example.com', token: 'sam-token-journey-19' };
const HELD = 30;

/** The names of the rows the dashboard lists, in order. */
function rowNames(page: Page): Promise<string[]> {
  return page.$$eval('article h3', (headings) => headings.map((h) => h.textContent ?? ''));
}

forEachBrowser('the watcher', (name, browser) => {
  let host: MockHost;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [SAM], rateLimit: 0 });
    const sam = ownerClient(host.baseUrl, SAM.token);
    for (let i = 1; i <= HELD; i++)
      await sam.createPush({ payload: `held secret ${i}`, name: `Held ${name} ${i}`, expire_after_views: 3 });
  });
  afterAll(() => host?.close());

  it(`lists the ${HELD} pushes an account already holds within 10 s of Connect, without Refresh`, async () => {
    const options = await browser().open('options.html', '#server-choice');
    await options.select('#server-choice', 'self-hosted');
    await options.waitForSelector('#server-url');
    await options.type('#server-url', host.baseUrl);
    await options.type('#api-token', SAM.token);
    await press(options, 'Connect');
    const connected = Date.now();
    await waitForText(options, 'Saved. Pushes now go to this server.');

    const page = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await page.waitForFunction(
      (held) => document.querySelectorAll('article').length >= held,
      { timeout: 10_000 },
      HELD,
    );
    expect(Date.now() - connected).toBeLessThan(10_000);
    const names = await rowNames(page);
    expect(names[0]).toBe(`Held ${name} ${HELD}`);
    expect(names).toContain(`Held ${name} 1`);
    // No "no pushes" line was left on the page, and the bar says when the watcher read the account.
    await waitForText(page, 'Last refreshed ');

    // The server's side: what is listed is exactly the account's active pushes.
    const active = await ownerClient(host.baseUrl, SAM.token).activeAll();
    expect(new Set(names)).toEqual(new Set(active.map((push) => push.name)));
  });
});
