/**
 * Firefox's own windows, which WebDriver BiDi reaches in the "chrome" scope when Firefox runs with
 * --remote-allow-system-access (./firefox.ts): its main window (menus, private windows) and its
 * notifications. The tests read what a person would see there and click it.
 */
import type { Browser } from 'puppeteer-core';
import { waitFor } from '../../browser-steps';
import type { JourneyPage } from './types';

interface Bidi {
  send(method: string, params: object): Promise<{ result: unknown }>;
}
const bidi = (browser: Browser) => (browser as unknown as { connection: Bidi }).connection;

/** The browsing contexts of Firefox's own windows whose address is `url`. */
async function chromeWindows(browser: Browser, url: string): Promise<string[]> {
  const { result } = (await bidi(browser).send('browsingContext.getTree', { 'moz:scope': 'chrome' })) as {
    result: { contexts: Array<{ context: string; url: string }> };
  };
  return result.contexts.filter((c) => c.url === url).map((c) => c.context);
}

/** A script.evaluate answer: its outcome, and the value when it is a string. */
type Evaluated = { type: string; result?: { type: string; value?: unknown } };

/**
 * Runs `expression` (statements whose last one gives a JSON string) in that window; returns it parsed. It
 * runs in a block, so its declarations do not stay behind in the window for the next call.
 */
async function inChromeWindow<T>(browser: Browser, context: string, expression: string): Promise<T> {
  const { result } = (await bidi(browser).send('script.evaluate', {
    expression: `{ ${expression} }`,
    target: { context },
    awaitPromise: false,
  })) as { result: Evaluated };
  if (result.type !== 'success' || result.result?.type !== 'string')
    throw new Error(`Firefox's window did not answer: ${JSON.stringify(result)}`);
  return JSON.parse(result.result.value as string) as T;
}

/** Runs `expression` (as inChromeWindow) in Firefox's main window, the one with the tabs and menus. */
export async function inMainWindow<T>(browser: Browser, expression: string): Promise<T> {
  const [main] = await chromeWindows(browser, 'chrome://browser/content/browser.xhtml');
  return inChromeWindow<T>(browser, main!, expression);
}

/**
 * A notification as a person sees it. Launched with `notificationWindows` (the pref alerts.useSystemBackend
 * off), each is a small window of Firefox's own, alert.xhtml; a click on it is what notifications.onClicked
 * reports.
 */
export interface Alert {
  context: string;
  title: string;
  text: string;
  /** Every button in the window besides its own close and settings controls (an extension gets none). */
  buttons: string[];
}

const READ_ALERT = `JSON.stringify({
  title: document.getElementById('alertTitleLabel').value,
  text: document.getElementById('alertTextLabel').textContent,
  buttons: [...document.querySelectorAll('button:not(#alertSettings), toolbarbutton:not(#alert-close)')]
    .map((b) => b.label || b.textContent),
})`;

/**
 * The notifications on screen now. A window that closed since it was listed, or whose content is not laid
 * out yet, is not on screen: it is left out (the callers poll).
 */
export async function alerts(browser: Browser): Promise<Alert[]> {
  const windows = await chromeWindows(browser, 'chrome://global/content/alerts/alert.xhtml');
  const read = await Promise.all(
    windows.map((context) =>
      inChromeWindow<Omit<Alert, 'context'>>(browser, context, READ_ALERT).then(
        (alert) => ({ context, ...alert }),
        () => undefined,
      ),
    ),
  );
  return read.filter((alert) => alert !== undefined);
}

/** Waits for a notification whose title or text contains `text`, and returns it. */
export function waitForAlert(browser: Browser, text: string): Promise<Alert> {
  return waitFor(`a notification with "${text}"`, async () =>
    (await alerts(browser)).find((a) => a.title.includes(text) || a.text.includes(text)),
  );
}

/** Clicks the notification's text, as a person would. */
export async function clickAlert(browser: Browser, alert: Alert): Promise<void> {
  await inChromeWindow(browser, alert.context, `document.getElementById('alertTextLabel').click(); '""'`);
}

/** Runs `script` in Firefox's main window, where its context menu (`menu`) is, and returns its JSON answer. */
const inMenu = <T>(browser: Browser, script: string) =>
  inMainWindow<T>(browser, `const menu = document.getElementById('contentAreaContextMenu'); ${script}`);

/** Right-clicks `selector` in the page and returns the labels of the items of Firefox's context menu. */
export async function contextMenuOf(
  browser: Browser,
  page: JourneyPage,
  selector: string,
): Promise<string[]> {
  await page.bringToFront(); // a tab behind others paints no frames, which the click waits for
  await page.click(selector, { button: 'right' });
  // The menu opens a moment after the click (and the last one may still be closing): read it once open.
  return waitFor(
    `the context menu on ${selector}`,
    async () =>
      (await inMenu<string[] | null>(
        browser,
        `JSON.stringify(menu.state === 'open' ? [...menu.querySelectorAll('menuitem')].filter((m) => !m.hidden).map((m) => m.label) : null)`,
      )) ?? undefined,
  );
}

/** Closes the open context menu, and waits until it is. */
export async function closeMenu(browser: Browser): Promise<void> {
  await inMenu(browser, `menu.hidePopup(); '""'`);
  await waitFor('the context menu to close', async () =>
    (await inMenu<string>(browser, 'JSON.stringify(menu.state)')) === 'closed' ? true : undefined,
  );
}

/** Chooses the open context menu's item `label`, as a click on it would. */
export async function chooseMenuItem(browser: Browser, label: string): Promise<void> {
  await inMenu(
    browser,
    `menu.activateItem([...menu.querySelectorAll('menuitem')].find((m) => m.label === ${JSON.stringify(label)})); '""'`,
  );
}
