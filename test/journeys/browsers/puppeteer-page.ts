/** puppeteer-core's page (Firefox over WebDriver BiDi) as the journeys' JourneyPage. */
import type { ElementHandle, Page } from 'puppeteer-core';
import { inPageAria as css } from './aria';
import { inMainWindow } from './firefox-chrome';
import type { JourneyElement, JourneyPage } from './types';

function element(handle: ElementHandle): JourneyElement {
  return {
    evaluate: (fn) => handle.evaluate(fn) as never,
    $: async (selector) => wrap(await handle.$(css(selector))),
    $$eval: (selector, fn) => handle.$$eval(css(selector), fn as never) as never,
    waitForSelector: async (selector) => element((await handle.waitForSelector(css(selector)))!),
    click: () => handle.click(),
  };
}

const wrap = (handle: ElementHandle | null) => (handle ? element(handle) : null);

export function puppeteerPage(page: Page): JourneyPage {
  return {
    goto: async (url) => void (await page.goto(url)),
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
    waitForSelector: async (selector, options) =>
      element((await page.waitForSelector(css(selector), options))!),
    waitForHidden: async (selector) => void (await page.waitForSelector(css(selector), { hidden: true })),
    $: async (selector) => wrap(await page.$(css(selector))),
    $eval: (selector, fn) => page.$eval(css(selector), fn as never) as never,
    $$eval: (selector, fn) => page.$$eval(css(selector), fn as never) as never,
    // On the tab in front, as a person clicks: the locator waits for a steady box over animation frames,
    // which Firefox does not paint in a tab behind another (the clipboard's reading page, a viewer).
    click: async (selector, options) => {
      await page.bringToFront();
      await page.locator(css(selector)).click(options);
    },
    // At once, with one input event, as Playwright's fill does: puppeteer types a value under 100 characters
    // key by key, a round trip over BiDi each, which made Firefox's journeys minutes slower than Chromium's.
    fill: async (selector, value) => {
      await page.bringToFront();
      await page.locator(css(selector)).fill(value, { typingThreshold: 0 });
    },
    type: (selector, text) => page.type(css(selector), text),
    select: async (selector, value) => void (await page.select(css(selector), value)),
    focus: (selector) => page.focus(css(selector)),
    keyboard: page.keyboard as JourneyPage['keyboard'],
    upload: async (selector, file) =>
      ((await page.waitForSelector(css(selector))) as ElementHandle<HTMLInputElement>).uploadFile(file),
  };
}
