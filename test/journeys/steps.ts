/**
 * Steps the shared journeys have in common: a Node mock host to push to, saving it as the extension's
 * server, the popup, the link it shows, and reading a page as a person would.
 */
// startMockHost's store (idb) needs the IDB globals in this Node process.
import 'fake-indexeddb/auto';
import { expect } from 'vitest';
import type { JourneyPage } from './browsers';
import { ALICE, ownerClient, recipientPage } from '../browser-steps';
import { savedServer } from '../saved-server';

export { ALICE, ownerClient, recipientPage };
import type { ExtensionBrowser } from './browsers';
import { localeNames, readMessages } from '../i18n/messages';

/** Saves a self-hosted server (and token) in storage, as the options page does, from the background. */
export function useServer(
  browser: ExtensionBrowser,
  url: string,
  token: string | null,
  edition: 'pro' | 'oss' = 'pro',
): Promise<void> {
  return browser.background(
    async (g, stored) => {
      await g.chrome.storage.local.set(stored);
    },
    savedServer(url, token, edition),
  );
}

/** Waits until the background has made the demo token it creates on install: demo pushes need it. */
export async function demoReady(browser: ExtensionBrowser): Promise<void> {
  await expect
    .poll(() =>
      browser.background(async (g) => (await g.browser.storage.local.get('demoToken')).demoToken, null),
    )
    .toBeTruthy();
}

/** "Getting ready…" in every UI language: what the popup says until its settings and the policy are read. */
const GETTING_READY = localeNames().flatMap(
  (locale) => readMessages(locale).settings_gettingReady?.message ?? [],
);

/** The popup, as a tab, once its Create button is there and its settings are read (no "Getting ready…"). */
export async function openPopup(browser: ExtensionBrowser): Promise<JourneyPage> {
  const popup = await browser.open('popup.html', '::-p-aria(Create push[role="button"])');
  await popup.waitForFunction(
    (words: string[]) => !words.some((word) => document.body.innerText.includes(word)),
    {},
    GETTING_READY,
  );
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

/**
 * Waits until the page's visible text contains `text`. On a timeout it says what the page showed instead
 * (as waitForAlert does), so that a missing message can be told apart from a slow machine.
 */
export async function waitForText(page: JourneyPage, text: string, timeout = 15_000): Promise<void> {
  try {
    // Polled by time, not by animation frame: a tab in the background (the welcome page behind the popup)
    // paints no frames, so a frame-polled wait would never look again.
    await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout, polling: 100 }, text);
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '(unreadable)');
    throw new Error(`No text "${text}" within ${timeout} ms. The page showed:\n${shown}`, { cause: error });
  }
}

/**
 * Waits for an alert (role="alert") whose text contains `text`. On a timeout it says what the page showed
 * instead, so that a failure in CI can be told apart from a slow machine.
 */
export async function waitForAlert(page: JourneyPage, text: string, timeout = 30_000): Promise<void> {
  try {
    await page.waitForFunction(
      (t) => [...document.querySelectorAll('[role="alert"]')].some((el) => el.textContent?.includes(t)),
      { timeout },
      text,
    );
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText).catch(() => '(unreadable)');
    throw new Error(`No alert saying "${text}" within ${timeout} ms. The page showed:\n${shown}`, {
      cause: error,
    });
  }
}

/** Waits until the options page's row of the saved server `name` (host:port) shows `words`. */
export async function waitForRow(options: JourneyPage, name: string, words: string): Promise<void> {
  await options.waitForFunction(
    ({ name, words }) =>
      (
        document.querySelector(`.server-list > li[aria-label="${name}"]`) as HTMLElement | null
      )?.innerText.includes(words),
    { timeout: 15_000 },
    { name, words },
  );
}

/** Clicks the button with this accessible name. */
export async function press(page: JourneyPage, name: string): Promise<void> {
  await page.click(`::-p-aria(${name}[role="button"])`);
}
