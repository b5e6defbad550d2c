/**
 * The extension in the browser's UI language (issue 12): the browser started in German and in Arabic, the
 * popup and the dashboard show the locale's messages and no English one, `<html lang dir>` is set, Arabic
 * is really laid out right to left, and a push made in the popup arrives on the server. Chromium takes the language from LANGUAGE (its --lang flag does nothing on
 * Linux), Firefox from intl.locale.requested over Debian's language pack; test/browsers.mjs installs both
 * browsers' packs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser } from './browsers';
import { boxes, documentLanguage, language, translationReport } from './languages';
import { ALICE, ownerClient, useServer } from './steps';

let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
});
afterAll(() => host?.close());

for (const locale of ['de', 'ar'] as const) {
  const lang = language(locale);
  const dir = lang.messages.dir!.message;
  const tag = lang.messages.locale!.message;

  forEachBrowser(
    `the extension in ${locale} (${dir})`,
    (name, browser) => {
      it(`runs in a browser whose UI language is ${locale}`, async () => {
        const ui = await browser().background((g) => g.chrome.i18n.getUILanguage(), null);
        expect(ui.split(/[-_]/)[0], 'the language pack is missing: see test/browsers.mjs').toBe(locale);
      });

      it('shows the popup translated and laid out in its direction, and creates a push on the server', async () => {
        await useServer(browser(), host.baseUrl, ALICE.token);
        const popup = await browser().open('popup.html', '#sp-secret');
        expect(await documentLanguage(popup)).toEqual({ lang: tag, dir });
        expect(await translationReport(popup, lang)).toMatchObject({ notMessages: [], englishKeys: [] });
        expect((await translationReport(popup, lang)).translatedShown).toBeGreaterThan(5);

        // The form starts at the line's start: Create sits at the left edge in German, the right in Arabic.
        const create = await boxes(popup, 'button[type="submit"]', 'form');
        const [start, end] = dir === 'rtl' ? [create.right, create.left] : [create.left, create.right];
        expect(start).toBeLessThan(2);
        expect(end).toBeGreaterThan(create.width / 3);
        expect(await popup.$eval('button[type="submit"]', (b) => b.textContent!.trim())).toBe(
          lang.say('Create push'),
        );

        await popup.type('#sp-secret', `${name} ${locale} secret 12`);
        await popup.locator(`::-p-aria(${lang.say('Create push')}[role="button"])`).click();
        const link = await popup.waitForSelector(`::-p-aria(${lang.say('Secret link')})`);
        const shown = await link!.evaluate((el) => el.textContent!);
        expect(shown.startsWith(`${host.baseUrl}/p/`)).toBe(true);
        // The link reads left to right inside the right-to-left page.
        expect(await link!.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
        expect(await translationReport(popup, lang)).toMatchObject({ notMessages: [], englishKeys: [] });

        const urlToken = /\/p\/([^/#?]+)/.exec(shown)![1]!;
        expect((await ownerClient(host.baseUrl).retrievePush(urlToken)).payload).toBe(
          `${name} ${locale} secret 12`,
        );
      });

      // A push of the account (made on the server, so this test stands alone) listed after Refresh, its
      // details open.
      it('shows the dashboard translated, its title at the start of the line', async () => {
        await useServer(browser(), host.baseUrl, ALICE.token);
        const listed = await ownerClient(host.baseUrl).createPush({
          payload: `${name} ${locale} listed`,
          expire_after_views: 2,
        });
        const dashboard = await browser().open('dashboard.html', 'main h1');
        await dashboard.locator(`::-p-aria(${lang.say('Refresh')}[role="button"])`).click();
        // This push, which only Refresh brings: once it is listed the list has stopped moving under the click
        // (the popup's push, cached earlier, is listed at once and shifts when the refresh lands).
        const push = await dashboard.waitForSelector(
          `article[aria-labelledby="title-${listed.push.url_token}"]`,
        );
        await (await push!.waitForSelector(`::-p-aria(${lang.say('Details')}[role="button"])`))!.click();
        await dashboard.waitForSelector('.push-details');
        expect(await documentLanguage(dashboard)).toEqual({ lang: tag, dir });
        expect(await translationReport(dashboard, lang)).toMatchObject({ notMessages: [], englishKeys: [] });
        expect((await translationReport(dashboard, lang)).translatedShown).toBeGreaterThan(5);

        const title = await boxes(dashboard, 'h1', 'main');
        const [start, end] = dir === 'rtl' ? [title.right, title.left] : [title.left, title.right];
        expect(start).toBeLessThan(40);
        expect(end).toBeGreaterThan(title.width / 3);
      });
    },
    { language: locale },
  );
}
