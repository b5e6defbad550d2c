/**
 * Playwright's page (Chromium) as the journeys' JourneyPage. The journeys' two pseudo-elements become
 * Playwright's own engines: `::-p-aria(Name[role="r"])` its role engine with the exact name (what getByRole
 * with `exact` builds), `::-p-aria(Name)` its label engine, `::-p-text(words)` `:has-text()`.
 */
import type { ElementHandle, Page } from '@playwright/test';
import { ARIA_NAME_ROLE, type JourneyElement, type JourneyPage } from './types';

/** Where the parenthesis opened just before `from` closes (names may hold balanced ones: "Export (CSV)"). */
function closing(selector: string, from: number): number {
  for (let depth = 1, at = from; at < selector.length; at++) {
    if (selector[at] === '(') depth++;
    if (selector[at] === ')' && --depth === 0) return at;
  }
  throw new Error(`Unbalanced selector: ${selector}`);
}

/** `Name[role="r"]` or `Name` as Playwright's role engine (exact name) or label engine. */
function aria(inner: string): string {
  const [, name, role] = ARIA_NAME_ROLE.exec(inner)!;
  return role
    ? `internal:role=${role}[name=${JSON.stringify(name)}s]`
    : `internal:label=${JSON.stringify(name)}s`;
}

/** A journey's selector in Playwright's syntax. */
export function playwrightSelector(selector: string): string {
  const start = selector.search(/::-p-(aria|text)\(/);
  if (start < 0) return selector;
  const open = selector.indexOf('(', start) + 1;
  const end = closing(selector, open);
  const inner = selector.slice(open, end);
  const before = selector.slice(0, start);
  const rest = playwrightSelector(selector.slice(end + 1));
  if (selector.startsWith('::-p-text', start)) return `${before}:has-text(${JSON.stringify(inner)})${rest}`;
  return `${before.trim() ? `${before.trim()} >> ` : ''}${aria(inner)}${rest}`;
}

function element(handle: ElementHandle): JourneyElement {
  return {
    evaluate: (fn) => handle.evaluate(fn as never) as never,
    $: async (selector) => wrap(await handle.$(playwrightSelector(selector))),
    $$eval: (selector, fn) => handle.$$eval(playwrightSelector(selector), fn as never) as never,
    waitForSelector: async (selector) =>
      element((await handle.waitForSelector(playwrightSelector(selector), { state: 'attached' }))!),
    click: () => handle.click(),
  };
}

const wrap = (handle: ElementHandle | null) => (handle ? element(handle) : null);

export function playwrightPage(page: Page): JourneyPage {
  const at = (selector: string) => page.locator(playwrightSelector(selector)).first();
  const front = async (act: () => Promise<void>) => (await page.bringToFront(), act());
  return {
    goto: async (url) => void (await page.goto(url)),
    close: () => page.close(),
    bringToFront: () => page.bringToFront(),
    setViewport: (size) => page.setViewportSize(size),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    colorScheme: (colorScheme) => page.emulateMedia({ colorScheme }),
    addScript: async (source) => void (await page.evaluate(`${source}\n;undefined`)),
    waitForFunction: async (fn, options, arg) =>
      void (await page.waitForFunction(fn as never, arg, {
        timeout: options?.timeout ?? 30_000,
        polling: options?.polling ?? 'raf',
      })),
    async waitForSelector(selector, options) {
      if (options?.visible) await at(selector).waitFor({ state: 'visible', timeout: options.timeout });
      return element((await at(selector).elementHandle({ timeout: options?.timeout ?? 30_000 }))!);
    },
    waitForHidden: (selector) => at(selector).waitFor({ state: 'hidden' }),
    $: async (selector) => wrap(await page.$(playwrightSelector(selector))),
    $eval: (selector, fn) => page.$eval(playwrightSelector(selector), fn as never) as never,
    $$eval: (selector, fn) => page.$$eval(playwrightSelector(selector), fn as never) as never,
    // On the tab in front, as a person clicks or types, and as Firefox's driver does (puppeteer-page.ts).
    click: (selector, options) =>
      front(() => at(selector).click({ clickCount: options?.count, button: options?.button })),
    fill: (selector, value) => front(() => at(selector).fill(value)),
    type: (selector, text) => at(selector).pressSequentially(text),
    select: async (selector, value) => void (await at(selector).selectOption(value)),
    focus: (selector) => at(selector).focus(),
    keyboard: page.keyboard,
    upload: (selector, file) => at(selector).setInputFiles(file),
  };
}
