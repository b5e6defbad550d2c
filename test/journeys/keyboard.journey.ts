/**
 * A keyboard and screen-reader user's day (issue 37), with no click: Tab, Shift+Tab, the arrows, Space, Enter
 * and Escape only. After every action the test reads where focus is (never the page's body), that Tab never leaves an
 * open dialog, and what the page's one live region (#sp-live) says; then the server's side.
 */
import { expect, it } from 'vitest';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { focused, key, keys, liveText, tabTo, type Focused } from './keyboard-steps';
import { savedFile } from './page-steps';
import { ALICE, ownerClient, useMockHost, useServer } from './steps';

/** Presses Enter on the focused button that asks, and returns what has the focus once the question is open. */
async function openQuestion(page: JourneyPage) {
  keys.pressed++;
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.closest('dialog[open]'));
  return focused(page);
}

/** Waits until the page's live region says `text`. */
const liveSays = (page: JourneyPage, text: string) =>
  page.waitForFunction((words) => document.getElementById('sp-live')?.textContent === words, {}, text);

/** Whether focus is on the page's body (or nowhere): never, after an action. */
const onBody = (page: JourneyPage) =>
  page.evaluate(() => !document.activeElement || document.activeElement === document.body);

/** Presses `name` until the focus is on what `wanted` accepts (at most `max` presses). */
async function pressTo(
  page: JourneyPage,
  name: string,
  wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max = 10,
) {
  for (let i = 0; i < max; i++) {
    const now = await key(page, name);
    if (wanted(now)) return now;
  }
  throw new Error(`${name} never reached it; focus is on ${JSON.stringify(await focused(page))}`);
}

/** Which of `tokens` the server has expired (the host is shared by the file's tests). */
const expiredOf = async (owner: ReturnType<typeof ownerClient>, tokens: string[]) =>
  (await owner.expiredAll()).map((push) => push.url_token).filter((token) => tokens.includes(token));

/**
 * Makes pushes named `names` on the server, opens the dashboard and presses its Refresh (an earlier test's
 * pushes are in the list already, so it does not read the server by itself); returns once each row is there
 * (newest first), focus on Refresh.
 */
async function dashboardWith(browser: ExtensionBrowser, baseUrl: string, names: string[]) {
  const owner = ownerClient(baseUrl);
  const tokens: string[] = [];
  for (const name of names)
    tokens.push((await owner.createPush({ payload: `kb secret ${name}`, name })).push.url_token);
  await useServer(browser, baseUrl, ALICE.token);
  const page = await browser.open('dashboard.html', '::-p-aria(Refresh[role="button"])');
  // The live region is there from load, empty.
  expect(await liveText(page)).toBe('');
  // Refresh by keyboard, once any refresh the page started has ended: the list reads the pushes just made.
  await page.waitForFunction(() => !document.querySelector('.refresh button[disabled]'));
  await tabTo(page, (f) => f.words === 'Refresh');
  await key(page, 'Enter');
  await liveSays(page, 'Refreshed.');
  for (const name of names) await page.waitForSelector(`::-p-text(${name})`);
  await page.waitForFunction(() => !document.querySelector('.refresh button[disabled]'));
  return { owner, tokens, page };
}

/** Tabs from the page's start into the list of pushes: focus on its first row, the list's one tab stop. */
async function tabIntoList(page: JourneyPage, first: string) {
  const row = await tabTo(page, (f) => f.tag === 'article');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toMatch(
    /^title-/,
  );
  expect(row.words).toContain(first);
  return row;
}

forEachBrowser('the keyboard alone', (_name, browser) => {
  const host = useMockHost();

  // The list is one tab stop (issue 37): Tab reaches its row, ArrowDown the next, Space selects. From the first
  // row, three pushes expire in 9 keys (Space ↓ Space ↓ Space, Shift+Tab to Expire selected, Enter, Shift+Tab
  // to the dialog's Expire, Enter); with three tab stops a row it took about 22.
  it('dashboard: selects three pushes on their rows (Space, ArrowDown) and expires them in 9 keys from the list, through a dialog that holds focus; focus lands on the report, the live region says it once; the server has them expired', async () => {
    const names = ['Keyboard one', 'Keyboard two', 'Keyboard three'];
    const { owner, tokens, page } = await dashboardWith(browser(), host().baseUrl, names);
    await tabIntoList(page, 'Keyboard three'); // newest first
    // The next Tab leaves the list: its rows are not tab stops, nor their buttons.
    expect(await page.$$eval('ul.pushes [tabindex="0"]', (stops) => stops.length)).toBe(1);

    keys.pressed = 0;
    await key(page, ' ');
    for (const name of ['Keyboard two', 'Keyboard one']) {
      const row = await key(page, 'ArrowDown');
      expect(row.tag).toBe('article');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toContain(name);
      await key(page, ' ');
    }
    expect(
      await page.$$eval('ul.pushes input[type="checkbox"]', (boxes) =>
        boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => box.getAttribute('aria-label')),
      ),
    ).toEqual(['Select Keyboard three', 'Select Keyboard two', 'Select Keyboard one']);
    // Shift+Tab leaves the list backwards, onto the selection's Expire.
    expect((await key(page, 'Tab', true)).words).toBe('Expire selected');
    expect(await openQuestion(page)).toMatchObject({ words: 'Cancel', inDialog: true });
    expect((await key(page, 'Tab', true)).words).toBe('Expire 3 pushes');
    await key(page, 'Enter');
    expect(keys.pressed).toBe(9);
    await page.waitForFunction(() => document.activeElement?.classList.contains('expire-report'));
    expect((await focused(page)).words).toContain('3 pushes expired.');
    await liveSays(page, '3 pushes expired.');

    // The server's side: all three expired.
    expect((await expiredOf(owner, tokens)).sort()).toEqual([...tokens].sort());
    await page.close();
  });

  it('dashboard: expires one push from its row: Enter opens its details, ArrowRight reaches Expire, the dialog holds focus and Escape gives it back; then focus lands on the report, the live region says "1 push expired."; the server has it expired', async () => {
    const names = ['Keyboard only', 'Keyboard kept'];
    const { owner, tokens, page } = await dashboardWith(browser(), host().baseUrl, names);
    await tabIntoList(page, 'Keyboard kept');
    await key(page, 'ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText)).toContain(
      'Keyboard only',
    );
    // Enter opens the row's details; focus stays on the row, whose stops now run into them.
    expect((await key(page, 'Enter')).tag).toBe('article');
    await page.waitForSelector('.push-details');
    const expire = await pressTo(page, 'ArrowRight', (f) => f.words === 'Expire');
    expect(expire.tag).toBe('button');

    // The question: focus starts on Cancel; Tab and Shift+Tab stay inside it, however often.
    expect(await openQuestion(page)).toMatchObject({ words: 'Cancel', inDialog: true });
    for (let i = 0; i < 5; i++) expect((await key(page, 'Tab')).inDialog).toBe(true);
    for (let i = 0; i < 5; i++) expect((await key(page, 'Tab', true)).inDialog).toBe(true);
    // Escape closes it, sends nothing, and gives focus back to the button that asked.
    await page.keyboard.press('Escape');
    await page.waitForHidden('dialog[open]');
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.innerText.trim() === 'Expire',
    );
    expect(await expiredOf(owner, tokens)).toEqual([]);

    // Again, this time Expire: from Cancel, Shift+Tab reaches the dialog's Expire push.
    expect(await openQuestion(page)).toMatchObject({ words: 'Cancel', inDialog: true });
    expect((await key(page, 'Tab', true)).words).toBe('Expire push');
    await key(page, 'Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('expire-report'));
    expect((await focused(page)).words).toContain('1 push expired.');
    await liveSays(page, '1 push expired.');
    expect(await expiredOf(owner, tokens)).toEqual([tokens[0]]);
    await page.close();
  });

  it('dashboard: copies a push\'s link from its row: ArrowRight to "Copy link: …", Enter; the live region says which link, the clipboard holds it, and focus stays on the button', async () => {
    const { tokens, page } = await dashboardWith(browser(), host().baseUrl, ['Keyboard copy']);
    await tabIntoList(page, 'Keyboard copy');
    expect((await key(page, 'ArrowRight')).words).toBe('Select Keyboard copy');
    expect((await key(page, 'ArrowRight')).words).toBe('Copy link: Keyboard copy');
    await key(page, 'Enter');
    await liveSays(page, 'Link to Keyboard copy copied');
    const url = `${host().baseUrl}/p/${tokens[0]}`;
    expect([url, `${url}/r`]).toContain(await browser().clipboard());
    expect(await onBody(page)).toBe(false);
    expect((await focused(page)).tag).toBe('button');
    // ArrowLeft twice: back on the row, the list's tab stop.
    await key(page, 'ArrowLeft');
    expect((await key(page, 'ArrowLeft')).tag).toBe('article');
    await page.close();
  });

  it("dashboard: exports the list: Enter on Export opens its choices, Tab and Enter save the CSV; focus goes back to Export, never the body, and the live region says the file's name", async () => {
    const { tokens, page } = await dashboardWith(browser(), host().baseUrl, ['Keyboard export']);
    // Offered once the list is read whole.
    await page.waitForSelector('button[aria-controls="export-choices"][aria-disabled="false"]');
    // The file the page hands the browser, read back in the page; saved by keys alone.
    let after: Focused | undefined;
    const file = await savedFile(page, 'Export list (CSV)', async (onPage, choice) => {
      await tabTo(onPage, (f) => f.words === 'Export');
      await key(onPage, 'Enter');
      await tabTo(onPage, (f) => f.words === choice, 3);
      after = await key(onPage, 'Enter');
    });
    expect(after?.words).toBe('Export');
    expect(file.text).toContain(tokens[0]);
    await liveSays(page, `Saved ${file.name}`);
    expect(await onBody(page)).toBe(false);
    expect((await focused(page)).words).toBe('Export');
    await page.close();
  });
});
