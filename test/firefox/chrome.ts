/**
 * Firefox's own windows (its main window's menus, its notification windows), which WebDriver BiDi reaches
 * in the "chrome" scope when Firefox runs with --remote-allow-system-access (test/firefox/browser.ts). The
 * tests read what a person would see there and click it.
 */
import type { Browser } from 'puppeteer-core';

interface Bidi {
  send(method: string, params: object): Promise<{ result: unknown }>;
}
const bidi = (browser: Browser) => (browser as unknown as { connection: Bidi }).connection;

/** The browsing contexts of Firefox's own windows whose address is `url`. */
export async function chromeWindows(browser: Browser, url: string): Promise<string[]> {
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
export async function inChromeWindow<T>(browser: Browser, context: string, expression: string): Promise<T> {
  const { result } = (await bidi(browser).send('script.evaluate', {
    expression: `{ ${expression} }`,
    target: { context },
    awaitPromise: false,
  })) as { result: Evaluated };
  if (result.type !== 'success' || result.result?.type !== 'string')
    throw new Error(`Firefox's window did not answer: ${JSON.stringify(result)}`);
  return JSON.parse(result.result.value as string) as T;
}

/** Polls `find` until it returns something, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`Waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
