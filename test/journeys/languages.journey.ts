/**
 * The extension in the browser's UI language (issue 12): the browser started in German and in Arabic, the
 * dashboard shows the locale's messages and no English one, `<html lang dir>` is set and Arabic is really
 * laid out right to left. Chromium takes the language from LANGUAGE (its --lang flag does nothing on
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

      // A push of the account (made on the server, so this test stands alone) listed after Refresh, its
      // details open.
      it('shows the dashboard translated, its title at the start of the line', async () => {
        await useServer(browser(), host.baseUrl, ALICE.token);
        await ownerClient(host.baseUrl).createPush({
          payload: `${name} ${locale} listed`,
          expire_after_views: 2,
        });
        const dashboard = await browser().open('dashboard.html', 'main h1');
        await dashboard.locator(`::-p-aria(${lang.say('Refresh')}[role="button"])`).click();
        const push = await dashboard.waitForSelector('article.push');
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
