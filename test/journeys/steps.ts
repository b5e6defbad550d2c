/**
 * Steps the shared journeys have in common: a Node mock host to push to, saving it as the extension's
 * server, the popup, the link it shows, and reading a page as a person would.
 */
// startMockHost's store (idb) needs the IDB globals in this Node process.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApiClient } from '@/lib/api';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { requestToWire, wireToResponse, type WireResponse } from '@/lib/messages/wire';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import type { MockUser } from '@/lib/mock';
import type { ExtensionBrowser, JourneyPage } from './browsers';
import { ALICE, ownerClient, recipientPage } from '../browser-steps';
import { savedServer } from '../saved-server';

import { localeNames, readMessages } from '../i18n/messages';

export { ALICE, ownerClient, recipientPage };

/**
 * A mock host with the accounts `users` (ALICE's alone by default), started before the tests of the file (or
 * block) that calls this and closed after them; the getter gives it inside a test.
 */
export function useMockHost(users: MockUser[] = [ALICE]): () => MockHost {
  let host: MockHost | undefined;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users, rateLimit: 0 });
  });
  // A test that stops the server (to see a push fail) has closed it already.
  afterAll(() => host?.close().catch(() => undefined));
  return () => host!;
}

/** Saves a self-hosted server (and token) in storage, as the options page does, from the background. */
export function useServer(
  browser: ExtensionBrowser,
  url: string,
  token: string | null,
  edition: 'pro' | 'oss' = 'pro',
): Promise<void> {
  return browser.background(
    (g, stored) => g.chrome.storage.local.set(stored),
    savedServer(url, token, edition),
  );
}

/** Waits until the background has made the demo token it creates on install: demo pushes need it. */
export async function demoReady(browser: ExtensionBrowser): Promise<void> {
  await expect
    .poll(() => browser.background(async (g) => (await g.browser.storage.local.get('demoToken')).demoToken))
    .toBeTruthy();
}

/** Sends the runtime message `type` from the welcome page, as pages reach the demo service; its answer. */
export async function demoMessage<R>(ext: ExtensionBrowser, type: string, data: unknown): Promise<R> {
  const reply = (await ext.welcome.evaluate(
    (message) => browser.runtime.sendMessage({ channel: 'secret-push', ...message }),
    { type, data },
  )) as { res?: R };
  if (!reply.res) throw new TypeError(`The demo service did not answer: ${JSON.stringify(reply)}`);
  return reply.res;
}

/**
 * The demo service through the API client with the install's demo token (also returned), its requests sent
 * as lib/demo/transport.ts sends them (a runtime message from a page), as the popup in demo mode does.
 */
export async function demoClient(ext: ExtensionBrowser) {
  await demoReady(ext);
  const token = await demoMessage<string>(ext, 'demo-token', undefined);
  const client = createApiClient({
    baseUrl: DEMO_BASE_URL,
    token,
    pageOrigin: ext.base,
    // Where its links open, as the extension's own demo client is told (lib/connection's clientFor).
    linkHome: { server: DEMO_BASE_URL, viewerOrigin: ext.base },
    fetch: async (input, init) =>
      wireToResponse(
        await demoMessage<WireResponse>(ext, 'demo-fetch', {
          request: await requestToWire(new Request(input, init)),
        }),
      ),
  });
  return { client, token };
}

/** "Getting ready…" in every UI language: what the popup says until its settings and the policy are read. */
const GETTING_READY = localeNames().flatMap(
  (locale) => readMessages(locale).settings_gettingReady?.message ?? [],
);

/** Whether the popup shows its form (Create push) or a result (New push), once it shows either. */
const shows = (popup: JourneyPage) =>
  popup.waitForFunction(() =>
    [...document.querySelectorAll('button')].some((button) =>
      ['Create push', 'New push'].includes(button.textContent?.trim() ?? ''),
    ),
  );

/**
 * The popup, as a tab, once its Create button is there and its settings are read (no "Getting ready…"). The
 * last result an earlier popup kept (lib/handoff, 10 minutes) shows until New push: by default this presses
 * it, as a person opening the popup to push again does; `{ lastResult: true }` leaves it on screen.
 */
export async function openPopup(
  browser: ExtensionBrowser,
  { lastResult = false }: { lastResult?: boolean } = {},
): Promise<JourneyPage> {
  // Its page first: a kept result may take the form's place before a wait for Create push begins.
  const popup = await browser.open('popup.html', 'main');
  await popup.waitForFunction(
    (words: string[]) => !words.some((word) => document.body.innerText.includes(word)),
    {},
    GETTING_READY,
  );
  // The kept result is set with the settings, its view a moment later (loaded on demand).
  await shows(popup);
  if (!lastResult && (await popup.$('::-p-aria(Secret link)'))) {
    await press(popup, 'New push');
    await popup.waitForSelector('::-p-aria(Create push[role="button"])');
  }
  return popup;
}

/** The link the popup shows after a create, and its url_token. */
export async function createdLink(popup: JourneyPage): Promise<{ link: string; urlToken: string }> {
  await popup.waitForSelector('::-p-aria(Secret link)');
  // Since issue 11 the link is wrapping text (a read-only textbox), not an <input>: read what is shown.
  const link = await popup.$eval(
    '#sp-link',
    (shown) => (shown as HTMLInputElement).value ?? shown.textContent,
  );
  const urlToken = /\/p\/([^/#?]+)/.exec(link)?.[1];
  if (!urlToken) throw new Error(`Not a push link: ${link}`);
  return { link, urlToken };
}

/** The visible text of a page. */
export function pageText(page: JourneyPage): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Waits for `fn` in the page; on a timeout it says what the page showed instead (a missing text or a slow machine?). */
async function waitSaying<A>(
  page: JourneyPage,
  fn: (arg: A) => unknown,
  arg: A,
  what: string,
  timeout: number,
) {
  try {
    // Polled by time, not by animation frame: a tab in the background (the welcome page behind the popup)
    // paints no frames, so a frame-polled wait would never look again.
    await page.waitForFunction(fn, { timeout, polling: 100 }, arg);
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '(unreadable)');
    throw new Error(`No ${what} within ${timeout} ms. The page showed:\n${shown}`, { cause: error });
  }
}

/** Waits until the page's visible text contains `text`. */
export function waitForText(page: JourneyPage, text: string, timeout = 15_000): Promise<void> {
  return waitSaying(page, (t) => document.body.innerText.includes(t), text, `text "${text}"`, timeout);
}

/** Waits for an alert (role="alert") whose text contains `text`. */
export function waitForAlert(page: JourneyPage, text: string, timeout = 30_000): Promise<void> {
  const alerting = (t: string) =>
    [...document.querySelectorAll('[role="alert"]')].some((el) => el.textContent?.includes(t));
  return waitSaying(page, alerting, text, `alert saying "${text}"`, timeout);
}

/** Waits until an element matching `selector` shows `text`. */
export function waitForIn(page: JourneyPage, selector: string, text: string): Promise<void> {
  const shows = ({ selector, text }: { selector: string; text: string }) =>
    [...document.querySelectorAll<HTMLElement>(selector)].some((el) => el.innerText.includes(text));
  return waitSaying(page, shows, { selector, text }, `"${text}" in ${selector}`, 15_000);
}

/** Waits until the options page's row of the saved server `name` (host:port) shows `words`. */
export const waitForRow = (options: JourneyPage, name: string, words: string) =>
  waitForIn(options, `.server-list > li[aria-label="${name}"]`, words);

/** Clicks the button with this accessible name. */
export async function press(page: JourneyPage, name: string): Promise<void> {
  await page.click(`::-p-aria(${name}[role="button"])`);
}

/**
 * What shows the options page is ready, servers saved or not (issue 18; before the policy is read it says
 * only "Getting ready…"): the demo mode switch. Also what tests wait for on a page opened to reach the APIs.
 */
export const OPTIONS_READY = '::-p-aria(Demo mode[role="switch"])';

/** Presses a key with Control or Shift held: a chord, in either driver. */
export async function chord(page: JourneyPage, modifier: 'Control' | 'Shift', key: string) {
  await page.keyboard.down(modifier);
  await page.keyboard.press(key);
  await page.keyboard.up(modifier);
}
