/**
 * Firefox's notifications as a person sees them. With the pref alerts.useSystemBackend false
 * (test/firefox/browser.ts) each notification is a small browser window, chrome://global/content/alerts/
 * alert.xhtml, which WebDriver BiDi reaches in the "chrome" scope (allowed by --remote-allow-system-access).
 * A click on it is what notifications.onClicked reports to the extension.
 */
import type { Browser } from 'puppeteer-core';

export interface Alert {
  context: string;
  title: string;
  text: string;
  /** Every button in the window besides its own close and settings controls (an extension gets none). */
  buttons: string[];
}

interface Bidi {
  send(method: string, params: object): Promise<{ result: unknown }>;
}
const bidi = (browser: Browser) => (browser as unknown as { connection: Bidi }).connection;

/** A script.evaluate answer: its outcome, and the value when it is a string. */
type Evaluated = { type: string; result?: { type: string; value?: unknown } };

async function evaluate(browser: Browser, context: string, expression: string): Promise<unknown> {
  const { result } = (await bidi(browser).send('script.evaluate', {
    expression,
    target: { context },
    awaitPromise: false,
  })) as { result: Evaluated };
  if (result.type !== 'success' || result.result?.type !== 'string')
    throw new Error(`The notification window did not answer: ${JSON.stringify(result)}`);
  return JSON.parse(result.result.value as string);
}

const READ = `JSON.stringify({
  title: document.getElementById('alertTitleLabel').value,
  text: document.getElementById('alertTextLabel').textContent,
  buttons: [...document.querySelectorAll('button:not(#alertSettings), toolbarbutton:not(#alert-close)')]
    .map((b) => b.label || b.textContent),
})`;

/** The notifications on screen now. */
export async function alerts(browser: Browser): Promise<Alert[]> {
  const { result } = (await bidi(browser).send('browsingContext.getTree', { 'moz:scope': 'chrome' })) as {
    result: { contexts: Array<{ context: string; url: string }> };
  };
  const windows = result.contexts.filter((c) => c.url === 'chrome://global/content/alerts/alert.xhtml');
  return Promise.all(
    windows.map(
      async ({ context }) => ({ context, ...((await evaluate(browser, context, READ)) as object) }) as Alert,
    ),
  );
}

/** Waits for a notification whose text contains `text`, and returns it. */
export async function waitForAlert(browser: Browser, text: string, timeoutMs = 15_000): Promise<Alert> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = (await alerts(browser)).find((a) => a.title.includes(text) || a.text.includes(text));
    if (found) return found;
    if (Date.now() > end) throw new Error(`No notification with "${text}" appeared`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Clicks the notification's text, as a person would. */
export async function clickAlert(browser: Browser, alert: Alert): Promise<void> {
  await evaluate(browser, alert.context, `document.getElementById('alertTextLabel').click(); '""'`);
}
