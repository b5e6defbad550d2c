/**
 * The dashboard's rows answer at a glance (issue 37): at 1280×800 every name on screen is readable in full,
 * wrapped rather than cut (no ellipsis in the name cell), with its title and the date it was created, in
 * English, German and Arabic (right to left), in both browsers. The pushes are made on the server with names
 * of 60 characters, as an account made elsewhere holds them.
 */
import { beforeAll, expect, it } from 'vitest';
import { forEachBrowser } from './browsers';
import { language } from './languages';
import { ALICE, ownerClient, press, useMockHost, useServer } from './steps';

/** Names as people in each language write them, each made exactly 60 characters long with its number. */
const PHRASES: Record<string, string> = {
  en: 'Onboarding: Samira Haddad, payroll portal first login and VPN for Monday',
  de: 'Einarbeitung: Samira Haddad, Erstanmeldung Gehaltsportal und VPN für Montag',
  ar: 'تهيئة الموظفة سميرة حداد: أول دخول إلى بوابة الرواتب وشبكة VPN ليوم الاثنين القادم',
};
const COUNT = 14;

/** The i-th name: the phrase cut to 57 characters (whitespace kept), a space and a two-digit number. */
const nameOf = (locale: string, i: number) =>
  `${PHRASES[locale]!.slice(0, 57)} ${String(i).padStart(2, '0')}`;

for (const locale of ['en', 'de', 'ar'] as const) {
  const names = Array.from({ length: COUNT }, (_, i) => nameOf(locale, i + 1));
  const say = locale === 'en' ? (words: string) => words : language(locale).say;

  forEachBrowser(
    `the dashboard's names in ${locale}`,
    (browserName, browser) => {
      const host = useMockHost();
      beforeAll(async () => {
        const owner = ownerClient(host().baseUrl);
        for (const [i, name] of names.entries())
          await owner.createPush({ payload: `rows secret ${i}`, name, expire_after_views: 3 });
        await useServer(browser(), host().baseUrl, ALICE.token);
      });

      it(`at 1280×800 shows every name on screen whole (wrapped, never cut by an ellipsis), titled, with the date it was created`, async () => {
        expect(names.every((name) => name.length === 60)).toBe(true);
        const page = await browser().open('dashboard.html', 'main h1');
        await page.setViewport({ width: 1280, height: 800 });
        await press(page, say('Refresh'));
        await page.waitForFunction(
          (count) => Number(document.querySelector('ul.pushes > li')?.getAttribute('aria-setsize')) >= count,
          { timeout: 15_000 },
          COUNT,
        );
        // Every row whose name is on screen: what its name cell shows, measured in the page.
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll('ul.pushes > li')].flatMap((li) => {
            const title = li.querySelector('h3')!;
            const box = title.getBoundingClientRect();
            if (box.bottom <= 0 || box.top >= innerHeight) return [];
            const cell = title.closest('.push-name')!.getBoundingClientRect();
            const row = li.getBoundingClientRect();
            const style = getComputedStyle(title);
            return [
              {
                text: title.textContent!,
                title: title.getAttribute('title'),
                // Cut: text wider or taller than the box shows, or an ellipsis drawn at its end.
                cut:
                  title.scrollWidth > title.clientWidth ||
                  title.scrollHeight > title.clientHeight ||
                  style.textOverflow === 'ellipsis',
                // The whole box inside its cell and its row (nothing clips it from outside either).
                inside:
                  box.left >= cell.left - 0.5 &&
                  box.right <= cell.right + 0.5 &&
                  box.top >= row.top - 0.5 &&
                  box.bottom <= row.bottom + 0.5,
                lines: (() => {
                  const range = document.createRange();
                  range.selectNodeContents(title);
                  return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
                })(),
                width: Math.round(box.width),
                created: li.querySelector('.push-sub')?.textContent ?? '',
              },
            ];
          }),
        );
        expect(shown.length).toBeGreaterThanOrEqual(8);
        for (const row of shown) {
          expect(names, row.text).toContain(row.text);
          expect(row, row.text).toMatchObject({ title: row.text, cut: false, inside: true });
          // Under the name, when it was made: a date with the day and a time (digits of any script).
          expect(row.created).toMatch(/\p{Nd}{1,2}.*\p{Nd}{2}/u);
        }
        // The name cell is the row's widest: a whole 60-character name takes at most two lines.
        expect(Math.max(...shown.map((row) => row.lines))).toBeLessThanOrEqual(2);
        expect(Math.min(...shown.map((row) => row.width))).toBeGreaterThanOrEqual(250);
        await page.close();
      });
    },
    locale === 'en' ? {} : { language: locale },
  );
}
