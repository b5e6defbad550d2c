/**
 * A fresh install as a person first meets it, in demo mode, one launch per browser: the welcome page, Try
 * it, the popup (Chrome caps a popup at 600 px high), the dashboard and the viewer. Then the demo service
 * (Chromium's offscreen document, Firefox's background page) through the API client, over the transport the
 * pages use, and the extension APIs it awaits (README, "One `browser` everywhere"). axe (axe.ts) finds no
 * violation, light and dark, on each page in each state a test names (the options page: options.journey.ts).
 */
import { expect, it } from 'vitest';
import type { CreatePushInput } from '@/lib/api';
import type { DemoPageInfo } from '@/lib/demo/page-info';
import { expectClean } from './axe';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { auditKinds } from '../browser-steps';
import { openViewer, popupPush, savedFile, shownSecret, unlock } from './page-steps';
import { createPush } from './secrets/form';
import { offscreenDocuments } from './background-steps';
import {
  demoClient,
  demoMessage,
  openPopup,
  pageText,
  press,
  waitForAlert,
  waitForText,
  OPTIONS_READY,
} from './steps';

const SAMPLE =
  'This is a sample secret. The person you send a link to sees it here, once, and then it is gone.';

/** What the demo service knows of a push, asked as the viewer asks it: its side, which reading does not change. */
const demoPushInfo = (ext: ExtensionBrowser, url_token: string) =>
  demoMessage<DemoPageInfo>(ext, 'demo-page-info', { url_token });

/**
 * The demo service through the API client with the install's demo token, its requests sent as
 * lib/demo/transport.ts sends them (a runtime message from a page). `make` a push; `audit`: its log's kinds.
 */
async function demoService(ext: ExtensionBrowser) {
  const { client, token } = await demoClient(ext);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return Object.assign(client, {
    make: async (push: CreatePushInput) => (await client.createPush(push)).push,
    audit: (urlToken: string) => auditKinds(client, urlToken),
  });
}

const QR_IMAGE = 'img[alt="QR code of the secret"]';
/** The QR code the viewer drew, as its image's src, once it is there. */
const qrImage = async (viewer: JourneyPage) =>
  (await viewer.waitForSelector(QR_IMAGE)).evaluate((img) => img.getAttribute('src'));

/** Whether the page has a button with this accessible name. */
const hasButton = async (page: JourneyPage, name: string) =>
  (await page.$(`::-p-aria(${name}[role="button"])`)) !== null;

const GONE = 'This secret has expired or does not exist';
const ALL_BYTES = Array.from({ length: 256 }, (_, i) => i);

/** The popup's size as laid out: what would scroll, and whether Create push is within the 600 px. */
function measure(popup: JourneyPage) {
  return popup.evaluate(() => {
    const scroller = document.scrollingElement!;
    const create = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Create push')!;
    const box = create.getBoundingClientRect();
    return {
      height: scroller.scrollHeight,
      width: scroller.scrollWidth,
      createVisible: box.top >= 0 && box.bottom <= window.innerHeight,
    };
  });
}

forEachBrowser('first run; axe in the light and the dark scheme', (name, browser) => {
  it('opens the welcome page by itself on install, in front, saying demo mode is on; axe finds nothing on it', async () => {
    const welcome = browser().welcome;
    await welcome.waitForSelector('::-p-aria(Try it[role="button"])');
    const text = await pageText(welcome);
    for (const words of ['Welcome to Secret Push', 'Demo mode is on.', 'Nothing leaves your computer'])
      expect(text).toContain(words);
    expect(await welcome.evaluate(() => document.visibilityState)).toBe('visible');
    await expectClean(welcome, 'the welcome page');
  });

  it("popup at 380 × 600 (Chrome's largest): the default form in demo mode whole, with no scroll (no push made yet), and Create push on screen with More options open; axe finds nothing on the form, nor on the result after a create", async () => {
    const popup = await openPopup(browser());
    await popup.setViewport({ width: 380, height: 600 });
    await popup.waitForFunction(() => document.body.innerText.includes('Demo'));
    const size = await measure(popup);
    expect(size.height).toBeLessThanOrEqual(600);
    expect(size.width).toBeLessThanOrEqual(380);
    expect(size.createVisible).toBe(true);
    await expectClean(popup, 'the popup form');
    await popup.click('summary::-p-text(More options)');
    await popup.waitForSelector('#sp-note');
    expect((await measure(popup)).createVisible).toBe(true);
    await createPush(popup, { secret: 'axe secret' });
    await expectClean(popup, 'the popup result');
    await popup.close();
  });

  it('Try it creates a push in demo mode whose link opens in the viewer and reveals the sample; axe finds nothing on the welcome page after it', async () => {
    const welcome = browser().welcome;
    await press(welcome, 'Try it');
    // Said once its tab is open; if it failed, the wait's error carries the page's alert.
    await waitForText(welcome, 'Sample push created. Its link opened in a new tab.', 30_000);
    const viewer = await browser().opened(`${browser().base}/viewer.html#/p/`);

    // The tab may still be on its first about:blank for a moment (Chromium names the target first).
    await viewer.waitForFunction(() => location.href.includes('/viewer.html#/p/'));
    const link = await viewer.evaluate(() => location.href);
    const urlToken = /\/p\/([^/#?]+)/.exec(link)![1]!;
    const before = await demoPushInfo(browser(), urlToken);
    expect(before).toMatchObject({ kind: 'text', live: true });

    await press(viewer, 'Reveal secret');
    expect(await shownSecret(viewer)).toBe(SAMPLE);
    // The demo service counted the view: the reveal was a real retrieval, not a page showing a copy. The
    // sample has one view, whatever the defaults: after it the push is expired (its payload erased).
    expect(before.views_remaining).toBe(1);
    expect(await demoPushInfo(browser(), urlToken)).toMatchObject({ live: false, views_remaining: 0 });
    await viewer.close();
    await welcome.bringToFront();
    await expectClean(welcome, 'the welcome page after Try it');
  });

  it(`Connect your server opens the settings page${name === 'firefox' ? ' (in a tab, as open_in_tab asks)' : ''}`, async () => {
    await press(browser().welcome, 'Connect your server');
    const options = await browser().opened(`${browser().base}/options.html`);
    await options.waitForSelector(OPTIONS_READY);
    await options.close();
  });

  it('dashboard: with pushes, and with an audit log open', async () => {
    const door = await popupPush(browser(), { secret: 'first', name: 'Door code' });
    await popupPush(browser(), { secret: 'second', name: 'Bank login', passphrase: 'pp' });
    const page = await browser().open('dashboard.html', '::-p-aria(Door code[role="article"])');
    await page.waitForSelector('::-p-aria(Bank login[role="article"])');
    await expectClean(page, 'the dashboard with pushes');
    // The audit log is offered for pushes the server listed (a refresh reads the list), under Details.
    await press(page, 'Refresh');
    // Once the refresh is over: the rows it redraws would take an element found before from under the click
    // (seen in Firefox: "Node is either not clickable or not an Element").
    await page.waitForFunction(() => !document.querySelector('.refresh button[disabled]'));
    const row = `article[aria-labelledby="title-${door.urlToken}"]`;
    await page.click(`${row} ::-p-aria(Details: Door code[role="button"])`);
    await page.click(`${row} ::-p-aria(Audit log[role="button"])`);
    await page.waitForSelector('::-p-aria(Audit log of Door code[role="table"])');
    await expectClean(page, 'the dashboard with an audit log open');
    await page.close();
  });

  it('a fresh install saves no server and runs on the demo service; its links open in the viewer as their kind (text, a file saved intact), and a link walked around the route guard is broken and retrieves nothing', async () => {
    const demo = await demoService(browser());
    const stored = await browser().background((g) => g.browser.storage.local.get(['server', 'demoMode']));
    expect(stored.server).toBeUndefined();
    expect(stored.demoMode ?? true).toBe(true);

    const secret = 'correct horse battery staple';
    const push = await demo.make({ payload: secret, expire_after_views: 3 });
    expect(push.html_url).toBe(`${browser().base}/viewer.html#/p/${push.url_token}/r`);
    for (const hash of [
      `#/./api/v2/pushes/${push.url_token}`,
      `#/x/../api/v2/pushes/${push.url_token}.json`,
      `#/%2e/api/v2/pushes/${push.url_token}`,
      '#/x/%E0%A4%A',
    ]) {
      const broken = await browser().open(`viewer.html${hash}`, '[role="alert"]');
      await waitForAlert(broken, 'damaged or is not a secret link');
      expect(await pageText(broken)).not.toMatch(/Download|correct horse/);
      await broken.close();
    }

    const viewer = await openViewer(browser(), push.html_url);
    await waitForText(viewer, 'Demo mode is on');
    await expectClean(viewer, 'the viewer before the reveal');
    expect(await pageText(viewer)).not.toContain(secret);
    expect(await demo.audit(push.url_token)).toEqual(['creation']);
    await press(viewer, 'Reveal secret');
    expect(await shownSecret(viewer)).toBe(secret);
    await waitForText(viewer, 'This secret can be viewed 2 more times.');
    await expectClean(viewer, 'the viewer after the reveal');
    // A text push offers no QR code.
    expect(await hasButton(viewer, 'Show as QR code')).toBe(false);
    expect(await viewer.$(QR_IMAGE)).toBeNull();
    expect(await demo.audit(push.url_token)).toEqual(['creation', 'view']);

    // A file push with every byte value is saved intact.
    const data = new Blob([new Uint8Array(ALL_BYTES)]);
    const made = await demo.make({
      kind: 'file',
      files: [{ name: 'bytes.bin', type: 'application/octet-stream', data }],
    });
    const files = await openViewer(browser(), made.html_url);
    await press(files, 'Reveal secret');
    await files.waitForSelector('::-p-aria(Download bytes.bin[role="button"])');
    const file = await savedFile(files, 'Download bytes.bin');
    expect([file.name, [...file.bytes]]).toEqual(['bytes.bin', ALL_BYTES]);
    for (const page of [viewer, files]) await page.close();
  });

  it('viewer: a passphrase (asked before any reveal), a recipient list and a last view each guard a reveal, counting nothing until met; the recipient can copy, and delete after a question; a qr push is drawn at once', async () => {
    const demo = await demoService(browser());
    const push = await demo.make({
      kind: 'qr',
      payload: 'WIFI:S:demo;;',
      passphrase: 'open sesame',
      retrieval_step: false,
    });
    const audited = async (kind: string) => (await demo.audit(push.url_token)).filter((k) => k === kind);
    // The prompt comes first, as on the Node host's page: learning that a passphrase is needed logs nothing.
    const viewer = await openViewer(browser(), push.html_url, '#passphrase-input');
    expect(await viewer.$('[role="alert"]')).toBeNull();
    expect(await audited('failed_passphrase')).toEqual([]);
    await expectClean(viewer, 'the passphrase prompt');
    const formBox = () => viewer.$eval('form', (form) => form.getBoundingClientRect().toJSON() as unknown);
    const box = await formBox();
    await unlock(viewer, 'wrong');
    await waitForAlert(viewer, 'That passphrase is wrong. Nothing was revealed and no view was counted.');
    // The refusal takes the room the hint had: nothing on the page moves.
    expect(await formBox()).toEqual(box);
    expect(await audited('view')).toEqual([]);
    expect(await audited('failed_passphrase')).toHaveLength(1);
    await unlock(viewer, 'open sesame');
    expect(await shownSecret(viewer)).toBe('WIFI:S:demo;;');
    // A qr push: the viewer knows its kind from the demo service's page facts and draws it at once.
    expect(await qrImage(viewer)).toMatch(/^data:image\/png;base64,/);
    expect(await hasButton(viewer, 'Show as QR code')).toBe(false);
    expect(await audited('view')).toHaveLength(1);
    expect(await audited('failed_passphrase')).toHaveLength(1);

    // Issue 11: deleting asks first, saying it cannot be undone.
    await press(viewer, 'Delete this secret');
    const question = await viewer.waitForSelector('[role="group"][aria-labelledby="delete-question"]');
    expect(await question.evaluate((el) => el.textContent)).toMatch(
      /Delete this secret for everyone\?.*can't be undone/,
    );
    await press(viewer, 'Yes, delete it');
    await viewer.waitForSelector('::-p-aria(This secret has been deleted[role="heading"])');
    const gone = await openViewer(browser(), push.html_url, `::-p-aria(${GONE}[role="heading"])`);

    // authenticated_recipients: only an address the sender listed reveals it.
    const carol = await demo.make({
      payload: 'for carol only',
      authenticated_recipients: true,
      notify_emails_to: 'carol@example.com',
    });
    const forCarol = await openViewer(browser(), carol.html_url);
    await press(forCarol, 'Reveal secret');
    await waitForText(forCarol, 'sends no code by e-mail');
    await forCarol.fill('#recipient-input', 'mallory@example.com');
    await press(forCarol, 'Reveal secret');
    await waitForAlert(forCarol, 'not one this secret was shared with');
    expect(await pageText(forCarol)).not.toContain('for carol only');
    expect(await demo.audit(carol.url_token)).not.toContain('view');
    await forCarol.fill('#recipient-input', 'carol@example.com');
    await press(forCarol, 'Reveal secret');
    expect(await shownSecret(forCarol)).toBe('for carol only');
    expect(await demo.audit(carol.url_token)).toContain('view');

    // A last view says so before any Reveal, and checking an expired push counts no view.
    const once = await demo.make({ payload: 'read once', expire_after_views: 1 });
    const last = await openViewer(browser(), once.html_url);
    await waitForText(last, 'Revealing it uses its last view: after that it expires.');
    expect(await pageText(last)).toMatch(/^It expires in 7 days at the latest\.$/m);
    await press(last, 'Reveal secret');
    expect(await shownSecret(last)).toBe('read once');
    const after = await pageText(last);
    expect(after).toMatch(/^That was the last view: this secret has now expired\./m);
    expect(after).not.toMatch(/0 more/);
    // The primary action copies, and says so.
    await press(last, 'Copy');
    await last.waitForSelector('::-p-aria(Copied[role="button"])');
    const again = await openViewer(browser(), once.html_url, `::-p-aria(${GONE}[role="heading"])`);
    expect(await hasButton(again, 'Reveal secret')).toBe(false);
    expect(await demo.audit(once.url_token)).toEqual(['creation', 'view']);
    for (const page of [viewer, gone, forCarol, last, again]) await page.close();
  });

  if (name === 'chromium')
    it('Chromium only: the demo service survives its offscreen document being closed: the next request opens it again', async () => {
      const demo = await demoService(browser());
      await demo.make({ payload: 'opens it' });
      expect(await offscreenDocuments(browser())).toBe(1);
      await browser().background((g) => (g.chrome as unknown as typeof chrome).offscreen.closeDocument());
      expect(await offscreenDocuments(browser())).toBe(0);
      const push = await demo.make({ payload: 'after the close' });
      expect((await demo.activeAll()).map((p) => p.url_token)).toContain(push.url_token);
      expect(await offscreenDocuments(browser())).toBe(1);
    });

  it(`the settings' lock is one across contexts (${name === 'chromium' ? "Chromium's worker" : "Firefox's background page"} and an extension page): a page's save waits while the background holds it`, async () => {
    const page = await browser().open('options.html', '#default-views');
    // The background takes the lock lib/settings/save.ts holds and keeps it 1.5 s, once the page is open.
    const held = browser().background(async () => {
      await navigator.locks.request(
        'secret-push:settings',
        () => new Promise((resolve) => setTimeout(resolve, 1500)),
      );
      return Date.now();
    });
    try {
      const { seen, got } = await page.evaluate(async () => {
        // Until the page sees the background's hold, then asks for the lock itself.
        let seen = 0;
        for (let tries = 0; tries < 200 && seen === 0; tries++) {
          seen = ((await navigator.locks.query()).held ?? []).filter(
            (lock) => lock.name === 'secret-push:settings',
          ).length;
          if (seen === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await navigator.locks.request('secret-push:settings', async () => undefined);
        return { seen, got: Date.now() };
      });
      expect(seen).toBe(1);
      expect(got).toBeGreaterThanOrEqual(await held);
    } finally {
      await page.close();
    }
  });

  it(`every API the extension awaits returns a promise (${name === 'chromium' ? 'Chromium: those webextension-polyfill passes through untouched come from Chromium itself' : "Firefox's own"}), and contextMenus.create reports a failure through lastError`, async () => {
    const { kinds, errors } = await browser().background(async (g, chromium) => {
      // Chromium: the polyfill's `browser` in the worker, as the extension's code calls it.
      const b = chromium ? (globalThis as unknown as { browser: typeof g.browser }).browser : g.browser;
      const icon = b.runtime.getURL('/icon/128.png');
      const calls: Record<string, () => unknown> = {
        'alarms.create': () => b.alarms.create('native-probe', { delayInMinutes: 60 }),
        'alarms.get': () => b.alarms.get('native-probe'),
        'notifications.create': () =>
          b.notifications.create('native-probe', { type: 'basic', iconUrl: icon, title: 'T', message: 'M' }),
        'notifications.clear': () => b.notifications.clear('native-probe'),
        'permissions.contains': () => b.permissions.contains({ origins: ['https://example.com/*'] }),
        'permissions.remove': () => b.permissions.remove({ origins: ['https://example.com/*'] }),
        'tabs.query': () => b.tabs.query({ active: true }),
        // Firefox MV2 has browserAction, as lib/watch/background/badge.ts knows.
        'action.setBadgeText': () => (b.action ?? b.browserAction).setBadgeText({ text: '' }),
        'storage.local.get': () => b.storage.local.get('native-probe'),
        'contextMenus.removeAll': () => b.contextMenus.removeAll(),
        'scripting.executeScript': () => b.scripting.executeScript({ target: { tabId: -1 }, func: () => 1 }),
        // Firefox has no offscreen documents to ask for.
        'runtime.getContexts': () =>
          b.runtime.getContexts({ contextTypes: [chromium ? 'OFFSCREEN_DOCUMENT' : 'BACKGROUND'] as never }),
        'runtime.sendMessage': () => b.runtime.sendMessage({ channel: 'native-probe' }),
      };
      const kinds: Record<string, string> = {};
      for (const [name, call] of Object.entries(calls)) {
        const result = call();
        // By its tag: Firefox's come from the background page's realm, not this tab's Promise.
        kinds[name] =
          Object.prototype.toString.call(result) === '[object Promise]' ? 'promise' : typeof result;
        // Settled before the next call (scripting rejects a tab id of -1: only the promise matters here).
        await Promise.resolve(result).catch(() => undefined);
      }
      await b.alarms.clear('native-probe');
      // contextMenus.create returns an id: a failure comes through browser.runtime.lastError in its callback.
      const create = () =>
        new Promise<string | undefined>((resolve) => {
          b.contextMenus.create({ id: 'native-probe', title: 'Probe', contexts: ['page'] }, () =>
            resolve(b.runtime.lastError?.message),
          );
        });
      const errors = { first: await create(), duplicate: await create() };
      await b.contextMenus.remove('native-probe');
      return { kinds, errors };
    }, name === 'chromium');
    expect(Object.entries(kinds).filter(([, kind]) => kind !== 'promise')).toEqual([]);
    expect(Object.keys(kinds)).toHaveLength(13);
    expect(errors.first).toBeUndefined();
    expect(errors.duplicate).toMatch(name === 'chromium' ? /duplicate id/i : /^ID already exists/);
  });
});
