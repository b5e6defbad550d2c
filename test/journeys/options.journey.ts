/**
 * The options page as a person uses it, in both browsers, from a fresh install: settings that apply at once
 * with a quiet Saved; demo mode, which stays on until a server is saved and can be turned back on without
 * losing it; and Connect refusing a wrong URL, a wrong token, an unreachable server and servers that are
 * not secret-push, each with its message, what was typed kept, and storage unchanged (read from the
 * background). Loopback servers of the test's own stand for a web site and a fresh self-hosted server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { ALICE, press, waitForAlert, waitForText } from './steps';

const BANNER = 'Demo mode is on — pushes stay in this browser.';
const DEFAULT_SAVED = 'Saved. Pushes now go to this server.';

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A plain web site: HTML on every path, /api/v2/version included. */
const webSite = () =>
  http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>My blog</title><h1>Hello</h1>');
  });

/** A fresh self-hosted server with no users yet: everything redirects to /first_run (reference §1). */
const firstRun = () =>
  http.createServer((req, res) => {
    if (req.url === '/first_run') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>First run</title><h1>Create the first account</h1>');
      return;
    }
    res.writeHead(302, { Location: '/first_run', 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<html><body>You are being <a href="/first_run">redirected</a>.</body></html>');
  });

/** All of the extension's local storage, as JSON text, read in its background. */
const everything = (browser: ExtensionBrowser) =>
  browser.background(async (g) => JSON.stringify(await g.browser.storage.local.get(null)), null);

/** What is saved, in the page's terms: the default server, demo mode, and its token on this device. */
const stored = (browser: ExtensionBrowser) =>
  browser.background(async (g) => {
    const saved = await g.browser.storage.local.get(['server', 'demoMode', 'serverTokens']);
    type Profile = { kind: string; url: string; edition?: string };
    const list = saved.server as { defaultUrl?: string; servers?: Profile[] } | undefined;
    const profile = list?.servers?.find((server) => server.url === list.defaultUrl);
    const tokens = (saved.serverTokens ?? {}) as Record<string, { value: string }>;
    return {
      server: profile && { kind: profile.kind, url: profile.url, edition: profile.edition },
      demoMode: saved.demoMode as boolean | undefined,
      token: profile && tokens[profile.url]?.value,
    };
  }, null);

/** The saved server the journey connects to. */
const SAVED = (url: string) => ({
  server: { kind: 'self-hosted', url, edition: 'pro' },
  demoMode: false,
  token: ALICE.token,
});

const value = (page: JourneyPage, selector: string) =>
  page.$eval(selector, (input) => (input as HTMLInputElement).value);

/** The texts of the page's alerts. */
const alerts = (page: JourneyPage) =>
  page.$$eval('[role="alert"]', (all) => all.map((el) => el.textContent!.trim()).filter(Boolean));

/** Replaces what a field holds, as a paste over a selection does: one input event with the whole value. */
async function paste(page: JourneyPage, selector: string, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, text }) => {
      const input = document.querySelector<HTMLInputElement>(selector)!;
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    { selector, text },
  );
}

/** The demo switch's state. */
const demoOn = (page: JourneyPage) =>
  page.$eval('[role="switch"]', (el) => el.getAttribute('aria-checked') === 'true');

async function waitForDemo(page: JourneyPage, on: boolean): Promise<void> {
  await page.waitForSelector(`[role="switch"][aria-checked="${on}"]`);
}

/**
 * The options page loaded afresh, as a reload does, in a new tab: Firefox's driver timed out waiting for a
 * reloaded extension page to load (servers.journey.ts, seen here). `ready`: a selector the page then shows.
 */
async function reopen(browser: ExtensionBrowser, old: JourneyPage, ready: string): Promise<JourneyPage> {
  await old.close();
  return browser.open('options.html', ready);
}

/** Opens the folded form on the saved server `url` (its row's Edit). */
async function editServer(page: JourneyPage, url: string): Promise<void> {
  await press(page, `Edit ${new URL(url).host}`);
  await page.waitForSelector('#server-url');
}

/** Waits for the quiet "Saved" of the section holding `field`. */
async function waitForSaved(page: JourneyPage, field: string): Promise<void> {
  await page.waitForFunction(
    (field) => document.querySelector(`fieldset:has(${field}) .saved-note`)?.textContent?.includes('Saved'),
    { timeout: 15_000 },
    field,
  );
}

forEachBrowser('the options page', (_name, browser) => {
  let host: MockHost;
  const sites: http.Server[] = [webSite(), firstRun()];
  let siteUrls: string[];
  let closedPort: number;
  let page: JourneyPage;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
    siteUrls = await Promise.all(sites.map(listen));
    // A port that was just free: nothing listens there, so a connection is refused.
    const closed = http.createServer();
    closedPort = Number(new URL(await listen(closed)).port);
    await close(closed);
  });
  afterAll(async () => {
    await host?.close();
    await Promise.all(sites.map(close));
  });

  it('applies every other setting at once with a quiet Saved, offering only the edition’s expiry', async () => {
    page = await browser().open('options.html', '#default-views');
    // Demo mode runs the pro engine: durations, no days; and no Save button anywhere.
    expect(await page.$('#default-duration')).not.toBeNull();
    expect(await page.$('#default-days')).toBeNull();
    expect(await page.$('::-p-aria(Save[role="button"])')).toBeNull();

    await paste(page, '#default-views', '3');
    await waitForSaved(page, '#default-views');
    const defaults = () =>
      browser().background(
        async (g) => (await g.browser.storage.local.get('pushDefaults')).pushDefaults,
        null,
      );
    await expect.poll(defaults).toMatchObject({ expireAfterViews: 3 });

    await paste(page, '#default-views', '300');
    await waitForText(page, 'Views: enter a whole number from 1 to 100.');
    expect(await defaults()).toMatchObject({ expireAfterViews: 3 });

    await page.select('#watch-interval', '15');
    await waitForSaved(page, '#watch-interval');
    page = await reopen(browser(), page, '#default-views');
    expect(await value(page, '#default-views')).toBe('3');
    expect(await value(page, '#watch-interval')).toBe('15');
  });

  it('keeps demo mode on until a server is saved; turned back on it keeps the server, off again uses it', async () => {
    await page.waitForSelector('::-p-aria(Connect[role="button"])');
    expect(await demoOn(page)).toBe(true);
    await page.click('[role="switch"]');
    await waitForText(page, 'Save a server first: demo mode stays on until one is saved.');
    expect(await demoOn(page)).toBe(true);
    await waitForText(page, BANNER);

    // Connect with a trailing slash: saved without it, the form folds into the row, demo mode goes off.
    await page.select('#server-choice', 'self-hosted');
    await page.waitForSelector('#server-url');
    await page.type('#server-url', `${host.baseUrl}/`);
    await page.type('#api-token', ALICE.token);
    await press(page, 'Connect');
    await waitForText(page, DEFAULT_SAVED);
    expect(await page.$('#server-url')).toBeNull();
    await waitForDemo(page, false);
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(BANNER);
    expect(await stored(browser())).toEqual(SAVED(host.baseUrl));

    await page.click('[role="switch"]');
    await waitForDemo(page, true);
    await waitForText(page, BANNER);
    page = await reopen(browser(), page, '#default-views');
    await waitForText(page, BANNER);
    await editServer(page, host.baseUrl);
    expect(await value(page, '#server-url')).toBe(host.baseUrl);
    expect(await value(page, '#api-token')).toBe(ALICE.token);
    expect((await stored(browser())).server).toMatchObject({ url: host.baseUrl });

    await page.click('[role="switch"]');
    await waitForDemo(page, false);
    await page.waitForFunction((banner) => !document.body.innerText.includes(banner), {}, BANNER);
    expect(await stored(browser())).toEqual(SAVED(host.baseUrl));
  });

  it('a wrong URL and a wrong token each show their message, keep what was typed, and save nothing', async () => {
    page = await reopen(browser(), page, '#default-views');
    await editServer(page, host.baseUrl);
    const earlier = await everything(browser());

    await paste(page, '#server-url', 'http://pwpush.example.com');
    await press(page, 'Connect');
    await waitForAlert(page, 'Not saved: Use https://.');
    expect(await page.$eval('#server-url-error', (el) => el.textContent)).toBe(
      'Use https://. Plain http:// is allowed only for localhost and 127.0.0.1.',
    );
    expect(await value(page, '#server-url')).toBe('http://pwpush.example.com');
    expect(await everything(browser())).toBe(earlier);

    await paste(page, '#server-url', host.baseUrl);
    // Any change clears the status line and the field's error: they spoke of the fields as they were.
    await page.waitForFunction(() => !document.querySelector('[role="alert"], #server-url-error'));
    // Still the saved server's token: an address that does not validate names no other origin to empty it for.
    expect(await value(page, '#api-token')).toBe(ALICE.token);
    await paste(page, '#api-token', 'wrong-token');
    await press(page, 'Connect');
    await waitForAlert(page, 'Not saved: Your API token was rejected');
    expect(await alerts(page)).toEqual([
      'Not saved: Your API token was rejected — open Settings and check it.',
    ]);
    expect(await value(page, '#api-token')).toBe('wrong-token');
    expect(await everything(browser())).toBe(earlier);

    // Cancel folds the form back into the list, saving nothing; Edit then shows what is saved.
    await press(page, 'Cancel');
    await page.waitForHidden('#server-url');
    expect(await alerts(page)).toEqual([]);
    expect(await everything(browser())).toBe(earlier);
    await editServer(page, host.baseUrl);
    expect(await value(page, '#api-token')).toBe(ALICE.token);
  });

  it('an unreachable server and servers that are not secret-push each say why, on Connect and on Test connection, and change nothing', async () => {
    page = await reopen(browser(), page, '#default-views');
    await editServer(page, host.baseUrl);
    const earlier = await everything(browser());
    const notOurs = 'This is not a secret-push server (check the URL).';
    const cases = [
      {
        url: `http://127.0.0.1:${closedPort}`,
        words: 'The server could not be reached. Check the address and your connection.',
      },
      { url: siteUrls[0]!, words: notOurs },
      { url: siteUrls[1]!, words: notOurs },
    ];
    for (const { url, words } of cases) {
      await paste(page, '#server-url', url);
      await press(page, 'Connect');
      await waitForAlert(page, `Not saved: ${words}`);
      expect(await alerts(page)).toEqual([`Not saved: ${words}`]);
      expect(await page.$eval('#server-url-error', (el) => el.textContent)).toBe(words);
      expect(await page.$eval('#server-url', (el) => el.getAttribute('aria-invalid'))).toBe('true');
      expect(await value(page, '#server-url')).toBe(url);
      expect(await everything(browser())).toBe(earlier);

      await press(page, 'Test connection');
      await waitForAlert(page, `Connection test failed: ${words}`);
      expect(await alerts(page)).toEqual([`Connection test failed: ${words}`]);
      expect(await everything(browser())).toBe(earlier);
    }

    page = await reopen(browser(), page, '#default-views');
    await editServer(page, host.baseUrl);
    expect(await value(page, '#server-url')).toBe(host.baseUrl);
    expect(await stored(browser())).toEqual(SAVED(host.baseUrl));
  });
});
