/** puppeteer-core's page (Firefox over WebDriver BiDi) as the journeys' JourneyPage. */
import type { ElementHandle, Page } from 'puppeteer-core';
import { inMainWindow } from './firefox-chrome';
import type { JourneyElement, JourneyPage } from './types';

function element(handle: ElementHandle): JourneyElement {
  return {
    evaluate: (fn) => handle.evaluate(fn) as never,
    $: async (selector) => wrap(await handle.$(selector)),
    $$eval: (selector, fn) => handle.$$eval(selector, fn as never) as never,
    waitForSelector: async (selector) => element((await handle.waitForSelector(selector))!),
    click: () => handle.click(),
  };
}

const wrap = (handle: ElementHandle | null) => (handle ? element(handle) : null);

export function puppeteerPage(page: Page): JourneyPage {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: () => page.url(),
    title: () => page.title(),
    close: () => page.close(),
    bringToFront: () => page.bringToFront(),
    setViewport: (size) => page.setViewport(size),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    colorScheme: (scheme) =>
      inMainWindow(
        page.browser(),
        `Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${scheme === 'dark' ? 0 : 1}); JSON.stringify(true)`,
      ),
    addScript: async (source) => void (await page.evaluate(`${source}\n;undefined`)),
    waitForFunction: async (fn, options, arg) =>
      (await page.waitForFunction(fn as (arg: unknown) => unknown, options ?? {}, arg)).dispose(),
    waitForSelector: async (selector, options) => element((await page.waitForSelector(selector, options))!),
    waitForHidden: async (selector) => void (await page.waitForSelector(selector, { hidden: true })),
    $: async (selector) => wrap(await page.$(selector)),
    $eval: (selector, fn) => page.$eval(selector, fn as never) as never,
    $$eval: (selector, fn) => page.$$eval(selector, fn as never) as never,
    click: (selector, options) => page.locator(selector).click(options),
    // At once, with one input event, as Playwright's fill does: puppeteer types a value under 100 characters
    // key by key, a round trip over BiDi each, which made Firefox's journeys minutes slower than Chromium's.
    fill: (selector, value) => page.locator(selector).fill(value, { typingThreshold: 0 }),
    type: (selector, text) => page.type(selector, text),
    select: async (selector, value) => void (await page.select(selector, value)),
    focus: (selector) => page.focus(selector),
    keyboard: {
      press: (key) => page.keyboard.press(key as never),
      down: (key) => page.keyboard.down(key as never),
      up: (key) => page.keyboard.up(key as never),
    },
    upload: async (selector, file) =>
      ((await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>).uploadFile(file),
  };
}
