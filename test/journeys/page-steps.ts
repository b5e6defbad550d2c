/**
 * Steps on the extension's pages that several journeys take as a person would: connecting a server on the
 * options page, reading a field, whether a field's text keeps clear of the buttons laid over it, recording every text a page shows, a named push from the popup, the
 * dashboard a notification's click opens on a push's row, and a demo link opened and revealed in the viewer.
 */
import { expect } from 'vitest';
import type { ExtensionBrowser, JourneyElement, JourneyPage } from './browsers';
import { createPush } from './secrets/form';
import { openPopup, press, waitForRow } from './steps';

/** What a server's row says once Connect saved it: the first server saved (the default), or another. */
export const DEFAULT_SAVED = 'Saved. Pushes now go to this server.';
export const OTHER_SAVED = 'Saved. The default server has not changed.';

/** The current value of the field `selector`. */
export const fieldValue = (page: JourneyPage, selector: string) =>
  page.$eval(selector, (input) => (input as HTMLInputElement).value);

/**
 * Each field with buttons laid over it (a generator's wand, `.sp-tooled`), in the page's order: its id, its
 * direction, and whether its text area (the box less its padding) keeps clear of the buttons, so a long value
 * never runs under them.
 */
export const toolsClear = (page: JourneyPage) =>
  page.$$eval('.sp-tooled', (boxes) =>
    boxes.map((box) => {
      const field = box.querySelector('textarea, input')!;
      const { left, right } = field.getBoundingClientRect();
      const style = getComputedStyle(field);
      const tool = box.querySelector('.sp-tool')!.getBoundingClientRect();
      const text = {
        left: left + parseFloat(style.paddingLeft),
        right: right - parseFloat(style.paddingRight),
      };
      const clear = tool.right <= text.left || tool.left >= text.right;
      return { field: field.id, direction: style.direction, clear };
    }),
  );

/**
 * Connects a new self-hosted server in the options page's blank form and waits for its row to say `saved`;
 * returns when Connect was pressed. `beforeTyping` runs once the form is shown (a check, a recorder).
 */
export async function connectServer(
  options: JourneyPage,
  url: string,
  token: string,
  saved: string,
  beforeTyping?: () => Promise<void>,
): Promise<number> {
  await options.select('#server-choice', 'self-hosted');
  await options.waitForSelector('#server-url');
  await beforeTyping?.();
  await options.type('#server-url', url);
  await options.type('#api-token', token);
  await press(options, 'Connect');
  const pressed = Date.now();
  await waitForRow(options, new URL(url).host, saved);
  return pressed;
}

/** Opens the folded form on the saved server `url` (its row's Edit). */
export async function editServer(options: JourneyPage, url: string): Promise<void> {
  await press(options, `Edit ${new URL(url).host}`);
  await options.waitForSelector('#server-url');
}

/** Waits until the demo switch is `on`. */
export async function waitForDemo(page: JourneyPage, on: boolean): Promise<void> {
  await page.waitForSelector(`[role="switch"][aria-checked="${on}"]`);
}

/** Where a page keeps what recordTexts saw there, by selector. */
type Seen = { seenTexts: Record<string, string[]> };

/**
 * Records in the page every text the elements matching `selector` (its body by default) show from now on:
 * each change of it, their texts one per line.
 */
export async function recordTexts(page: JourneyPage, selector = 'body'): Promise<void> {
  await page.evaluate((selector) => {
    const text = () =>
      [...document.querySelectorAll<HTMLElement>(selector)].map((el) => el.innerText).join('\n');
    const seen = [text()];
    ((window as unknown as Seen).seenTexts ??= {})[selector] = seen;
    new MutationObserver(() => {
      if (seen.at(-1) !== text()) seen.push(text());
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  }, selector);
}

/** Every text `selector` showed since recordTexts, and what it shows now. */
export function recordedTexts(page: JourneyPage, selector = 'body'): Promise<string[]> {
  return page.evaluate(
    (selector) => [
      ...(window as unknown as Seen).seenTexts[selector]!,
      [...document.querySelectorAll<HTMLElement>(selector)].map((el) => el.innerText).join('\n'),
    ],
    selector,
  );
}

/**
 * Creates a push in a fresh popup as a person would (see createPush), on the server `server` when given (the
 * header's server switch), and closes the popup; returns the link and its url_token.
 */
export async function popupPush(
  browser: ExtensionBrowser,
  fields: Parameters<typeof createPush>[1] & { server?: string },
) {
  const popup = await openPopup(browser);
  if (fields.server) {
    const serverSwitch = 'select[aria-label="Server for this push"]';
    await popup.select(serverSwitch, fields.server);
    await expect.poll(() => fieldValue(popup, serverSwitch)).toBe(fields.server);
    await popup.waitForSelector('::-p-aria(Create push[role="button"])');
  }
  const made = await createPush(popup, fields);
  await popup.close();
  return made;
}

/**
 * A dashboard row's button as a screen reader reads it: its words, then the push it names ("Details: Door
 * code", issue 37). `named` builds that name from the row's title in another language ("Détails : $1").
 */
export async function rowButton(
  row: JourneyElement,
  words: string,
  named = (title: string) => `${words}: ${title}`,
): Promise<JourneyElement> {
  // `row`: the row's article, or the list item holding it.
  const title = await row.evaluate((el) => {
    const article = el.closest('article') ?? el.querySelector('article');
    return document.getElementById(article?.getAttribute('aria-labelledby') ?? '')?.textContent?.trim();
  });
  if (!title) throw new Error('rowButton: no row title found');
  return row.waitForSelector(`::-p-aria(${named(title)}[role="button"])`);
}

/**
 * The dashboard a notification's click opened on the push `urlToken` of `baseUrl`, its row focused, the
 * current location, expanded and on screen; returns the page and the row's title.
 */
export async function openedOnRow(browser: ExtensionBrowser, baseUrl: string, urlToken: string) {
  const page = await browser.opened(`${browser.base}/dashboard.html#/push/`);
  const selector = `article[aria-labelledby="title-${urlToken}"]`;
  await page.waitForFunction((row) => document.activeElement?.matches(row), { timeout: 10_000 }, selector);
  // Read once the page is there (Firefox reports about:blank for a tab still loading): the push's opaque key
  // (issue 37), with nothing of its token or server.
  const hash = await page.evaluate(() => location.hash);
  expect(hash).toMatch(/^#\/push\/[A-Za-z0-9_-]{22}$/);
  expect(hash).not.toContain(urlToken);
  expect(hash).not.toContain(new URL(baseUrl).host);
  const row = await page.waitForSelector(selector);
  const details = await rowButton(row, 'Details');
  expect(await details.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('true');
  expect(await row.$('::-p-aria(Expire[role="button"])')).not.toBeNull();
  const shown = await row.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return {
      current: el.getAttribute('aria-current'),
      onScreen: box.bottom > 0 && box.top < innerHeight,
      title: el.querySelector('h3')?.textContent ?? '',
    };
  });
  expect(shown).toMatchObject({ current: 'location', onScreen: true });
  return { page, title: shown.title };
}

/**
 * Presses `button` and returns the file the page hands the browser to save: the name and the bytes of the
 * link lib/download.ts clicks, read back from its URL (a Blob's or a data: URL) in the page. `how` presses it
 * (a click on `button` by default; the keyboard journeys press keys).
 */
export async function savedFile(
  page: JourneyPage,
  button: string,
  how: (page: JourneyPage, button: string) => Promise<unknown> = press,
) {
  await page.evaluate(() => {
    const saved: Array<{ name: string; href: string }> = [];
    (globalThis as { savedFiles?: typeof saved }).savedFiles = saved;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) saved.push({ name: this.download, href: this.href });
      return click.call(this);
    };
  });
  await how(page, button);
  await page.waitForFunction(() => (globalThis as { savedFiles?: unknown[] }).savedFiles?.[0]);
  const file = await page.evaluate(async () => {
    const saved = (globalThis as { savedFiles?: Array<{ name: string; href: string }> }).savedFiles![0]!;
    return { name: saved.name, bytes: [...new Uint8Array(await (await fetch(saved.href)).arrayBuffer())] };
  });
  const bytes = Buffer.from(file.bytes);
  return { name: file.name, bytes, text: bytes.toString('utf8') };
}

/** Opens a demo `link` in the viewer, once `ready` is there (by default its Reveal secret). */
export const openViewer = (
  browser: ExtensionBrowser,
  link: string,
  ready = '::-p-aria(Reveal secret[role="button"])',
) => browser.open(link.slice(browser.base.length + 1), ready);

/** The secret the viewer shows, once it is revealed. */
export const shownSecret = async (viewer: JourneyPage) =>
  (await viewer.waitForSelector('::-p-aria(Secret payload)')).evaluate((el) => el.textContent);

/** Answers the viewer's passphrase prompt and presses Unlock. */
export async function unlock(viewer: JourneyPage, passphrase: string): Promise<void> {
  // By its id: Firefox gives a password field no textbox role to find it by.
  await viewer.fill('#passphrase-input', passphrase);
  await press(viewer, 'Unlock');
}
