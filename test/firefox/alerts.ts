/**
 * Firefox's notifications as a person sees them. Launched with `notificationWindows` (the pref
 * alerts.useSystemBackend off, test/firefox/browser.ts), each notification is a small window of Firefox's
 * own, alert.xhtml, reached in BiDi's chrome scope (test/firefox/chrome.ts). A click on it is what
 * notifications.onClicked reports.
 */
import type { Browser } from 'puppeteer-core';
import { chromeWindows, inChromeWindow, waitFor } from './chrome';

const ALERT_URL = 'chrome://global/content/alerts/alert.xhtml';

export interface Alert {
  context: string;
  title: string;
  text: string;
  /** Every button in the window besides its own close and settings controls (an extension gets none). */
  buttons: string[];
}

const READ = `JSON.stringify({
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
  const windows = await chromeWindows(browser, ALERT_URL);
  const read = await Promise.all(
    windows.map((context) =>
      inChromeWindow<Omit<Alert, 'context'>>(browser, context, READ).then(
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
