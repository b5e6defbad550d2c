/**
 * The options page and a self-hosted server (the mock host on loopback), as a person uses them in both
 * browsers from a fresh install: settings that apply at once with a quiet Saved; demo mode, which stays on
 * until a server is saved and can be turned back on without losing it; Connect, which saves the server and
 * folds the form into its row, and Test connection, which names its edition; Connect refusing a wrong URL, a
 * wrong token, an unreachable server and servers that are not secret-push, each with its message, what was
 * typed kept, and storage unchanged (read from the background); then text, URL, QR and file pushes from the
 * popup, each checked on the server through the API. Loopback servers of the test's own stand for a web site
 * and a fresh self-hosted server.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { connectServer, editServer, fieldValue, recordTexts, recordedTexts, waitForDemo } from './page-steps';
import { fill, pickFile, tab } from './secrets/form';
import {
  ALICE,
  createdLink,
  openPopup,
  ownerClient,
  pageText,
  press,
  recipientPage,
  useServer,
  waitForAlert,
  waitForText,
} from './steps';
import { startThrottle } from './throttle';

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

/**
 * The options page loaded afresh, as a reload does, in a new tab: Firefox's driver timed out waiting for a
 * reloaded extension page to load (servers.journey.ts, seen here). `ready`: a selector the page then shows.
 */
async function reopen(browser: ExtensionBrowser, old: JourneyPage, ready: string): Promise<JourneyPage> {
  await old.close();
  return browser.open('options.html', ready);
}

/** Waits for the quiet "Saved" of the section holding `field`. */
async function waitForSaved(page: JourneyPage, field: string): Promise<void> {
  await page.waitForFunction(
    (field) => document.querySelector(`fieldset:has(${field}) .saved-note`)?.textContent?.includes('Saved'),
    { timeout: 15_000 },
    field,
  );
}

/** A push of each kind the popup makes: its tab, what is typed, the payload sent, what a recipient gets. */
function pushKinds(name: string) {
  const qr = 'role="img" aria-label="QR code"';
  const url = 'https://intranet.example/reset?t=91';
  const text = `${name} to a real server 7`;
  return [
    { tab: 'Text', fields: { Secret: text, Passphrase: 'correct horse' }, views: 3, payload: text },
    {
      tab: 'URL',
      fields: { URL: url },
      views: 2,
      payload: url,
      recipient: `<a href="${url}" rel="noopener noreferrer">`,
    },
    { tab: 'QR code', fields: { Secret: 'locker code 4411' }, payload: 'locker code 4411', recipient: qr },
    // The Wi-Fi builder (on the QR code tab): its fields become one escaped WIFI: payload.
    {
      tab: 'QR code',
      wifi: true,
      fields: { 'Network name': 'Guest;Net', 'Wi-Fi password': 'hunter2' },
      payload: 'WIFI:T:WPA;S:Guest\\;Net;P:hunter2;;',
      recipient: qr,
    },
  ] as Array<{
    tab: string;
    wifi?: boolean;
    fields: Record<string, string>;
    views?: number;
    payload: string;
    recipient?: string;
  }>;
}

forEachBrowser('the options page and a self-hosted server', (name, browser) => {
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
    expect(await fieldValue(page, '#default-views')).toBe('3');
    expect(await fieldValue(page, '#watch-interval')).toBe('15');
  });

  it('keeps demo mode on until a server is saved; turned back on it keeps the server, off again uses it', async () => {
    await page.waitForSelector('::-p-aria(Connect[role="button"])');
    expect(await demoOn(page)).toBe(true);
    await page.click('[role="switch"]');
    await waitForText(page, 'Save a server first: demo mode stays on until one is saved.');
    expect(await demoOn(page)).toBe(true);
    await waitForText(page, BANNER);

    // Connect with a trailing slash: saved without it, the form folds into the row (issue 18), demo mode
    // goes off. Every text the page shows meanwhile is recorded: what Connect says, even for a moment.
    await connectServer(page, `${host.baseUrl}/`, ALICE.token, DEFAULT_SAVED, () => recordTexts(page));
    expect(await page.$('#server-url')).toBeNull();
    expect(await page.$eval('.server-list > li', (row) => row.getAttribute('aria-label'))).toBe(
      new URL(host.baseUrl).host,
    );
    // The first server saved is the default: at no moment did Connect say the default did not change.
    const seen = await recordedTexts(page);
    expect(seen.filter((shown) => shown.includes('The default server has not changed'))).toEqual([]);
    await waitForDemo(page, false);
    expect(await pageText(page)).not.toContain(BANNER);
    expect(await stored(browser())).toEqual(SAVED(host.baseUrl));

    await page.click('[role="switch"]');
    await waitForDemo(page, true);
    await waitForText(page, BANNER);
    page = await reopen(browser(), page, '#default-views');
    await waitForText(page, BANNER);
    await editServer(page, host.baseUrl);
    expect(await fieldValue(page, '#server-url')).toBe(host.baseUrl);
    expect(await fieldValue(page, '#api-token')).toBe(ALICE.token);
    expect((await stored(browser())).server).toMatchObject({ url: host.baseUrl });

    await page.click('[role="switch"]');
    await waitForDemo(page, false);
    await page.waitForFunction((banner) => !document.body.innerText.includes(banner), {}, BANNER);
    expect(await stored(browser())).toEqual(SAVED(host.baseUrl));
    // Test connection on the saved server's form names its edition and says the token was accepted.
    await page.waitForSelector('#server-url');
    await press(page, 'Test connection');
    await waitForText(page, 'The connection works.');
    const text = await pageText(page);
    expect(text).toMatch(/Edition: Pro edition, version \S+ \(API \S+\)/);
    expect(text).toContain('Token accepted');
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
    expect(await fieldValue(page, '#server-url')).toBe('http://pwpush.example.com');
    expect(await everything(browser())).toBe(earlier);

    await paste(page, '#server-url', host.baseUrl);
    // Any change clears the status line and the field's error: they spoke of the fields as they were.
    await page.waitForFunction(() => !document.querySelector('[role="alert"], #server-url-error'));
    // Still the saved server's token: an address that does not validate names no other origin to empty it for.
    expect(await fieldValue(page, '#api-token')).toBe(ALICE.token);
    await paste(page, '#api-token', 'wrong-token');
    await press(page, 'Connect');
    await waitForAlert(page, 'Not saved: Your API token was rejected');
    expect(await alerts(page)).toEqual([
      'Not saved: Your API token was rejected — open Settings and check it.',
    ]);
    expect(await fieldValue(page, '#api-token')).toBe('wrong-token');
    expect(await everything(browser())).toBe(earlier);

    // Cancel folds the form back into the list, saving nothing; Edit then shows what is saved.
    await press(page, 'Cancel');
    await page.waitForHidden('#server-url');
    expect(await alerts(page)).toEqual([]);
    expect(await everything(browser())).toBe(earlier);
    await editServer(page, host.baseUrl);
    expect(await fieldValue(page, '#api-token')).toBe(ALICE.token);
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
      expect(await fieldValue(page, '#server-url')).toBe(url);
      expect(await everything(browser())).toBe(earlier);

      await press(page, 'Test connection');
      await waitForAlert(page, `Connection test failed: ${words}`);
      expect(await alerts(page)).toEqual([`Connection test failed: ${words}`]);
      expect(await everything(browser())).toBe(earlier);
    }

    page = await reopen(browser(), page, '#default-views');
    await editServer(page, host.baseUrl);
    expect(await fieldValue(page, '#server-url')).toBe(host.baseUrl);
    expect(await stored(browser())).toEqual(SAVED(host.baseUrl));
  });

  it('takes text (with a passphrase), URL, QR and Wi-Fi QR pushes, which arrive on the server as sent', async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    const popup = await openPopup(browser());
    expect(await pageText(popup)).not.toContain('Demo: links open only');
    for (const kind of pushKinds(name)) {
      await tab(popup, kind.tab);
      if (kind.wifi) await popup.click('::-p-aria(Wi-Fi network[role="radio"])');
      for (const [label, value] of Object.entries(kind.fields)) await fill(popup, label, value);
      if (kind.views) {
        await popup.click('#sp-views', { count: 3 }); // selects the default count, so typing replaces it
        await popup.type('#sp-views', String(kind.views));
      }
      await press(popup, 'Create push');
      const { link, urlToken } = await createdLink(popup);
      expect(link.startsWith(`${host.baseUrl}/p/`)).toBe(true);
      const passphrase = kind.fields.Passphrase;
      const push = await ownerClient(host.baseUrl).retrievePush(urlToken, passphrase ? { passphrase } : {});
      expect(push.payload).toBe(kind.payload);
      if (passphrase) await expect(ownerClient(host.baseUrl).retrievePush(urlToken)).rejects.toThrow();
      if (kind.views) expect(push.expire_after_views).toBe(kind.views);
      if (kind.recipient) expect(await recipientPage(host.baseUrl, urlToken)).toContain(kind.recipient);
      await press(popup, 'New push');
    }
  });

  it('takes a file push, shows its progress, and the bytes arrive intact', async () => {
    // 20 MB through a proxy reading 10 MB/s: the upload lasts about 2 s, long enough to be seen going
    // (loopback socket buffers take the first few megabytes at once).
    const throttle = await startThrottle(host.baseUrl, 10_000_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-file-'));
    const bytes = Buffer.from(Array.from({ length: 20_000_000 }, (_, i) => (i * 31) % 251));
    fs.writeFileSync(path.join(dir, 'keys.bin'), bytes);
    try {
      await useServer(browser(), throttle.url, ALICE.token);
      const popup = await openPopup(browser());
      await tab(popup, 'Files');
      await pickFile(popup, path.join(dir, 'keys.bin'));
      expect(await pageText(popup)).toContain('keys.bin');
      // Every value the progress bar shows, sampled in the page (Preact sets it as a property, which no
      // MutationObserver sees).
      await popup.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { seen: number[] }).seen = seen;
        setInterval(() => {
          const bar = document.querySelector('progress');
          if (bar && bar.value !== seen.at(-1)) seen.push(bar.value);
        }, 10);
      });
      await press(popup, 'Create push');

      const { urlToken } = await createdLink(popup);
      const seen = await popup.evaluate(() => (window as unknown as { seen: number[] }).seen);
      expect(seen.some((value) => value > 0 && value < 1)).toBe(true);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const push = await ownerClient(host.baseUrl).retrievePush(urlToken);
      expect(push.files.map((file) => file.filename)).toEqual(['keys.bin']);
      const download = await fetch(push.files[0]!.url.replace(throttle.url, host.baseUrl));
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await throttle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
