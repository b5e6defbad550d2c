/**
 * A keyboard and screen-reader user's day (issue 37), with no click: Tab, Shift+Tab, Space, Enter and Escape
 * only. After every action the test reads where focus is (never the page's body), that Tab never leaves an
 * open dialog, and what the page's one live region (#sp-live) says; then the server's side.
 */
import { expect, it } from 'vitest';
import { forEachBrowser, type JourneyPage } from './browsers';
import { focused, key, liveText, tabTo } from './keyboard-steps';
import { ALICE, ownerClient, useMockHost, useServer } from './steps';

/** Presses Enter on the focused button that asks, and returns what has the focus once the question is open. */
async function openQuestion(page: JourneyPage) {
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.closest('dialog[open]'));
  return focused(page);
}

forEachBrowser('the keyboard alone', (_name, browser) => {
  const host = useMockHost();

  it('dashboard: expires three pushes through a dialog that holds focus, then focus lands on the report and the live region says it once; the server has them expired', async () => {
    const owner = ownerClient(host().baseUrl);
    const names = ['Keyboard one', 'Keyboard two', 'Keyboard three'];
    const tokens: string[] = [];
    for (const name of names)
      tokens.push((await owner.createPush({ payload: `kb secret ${name}`, name })).push.url_token);
    await useServer(browser(), host().baseUrl, ALICE.token);
    const page = await browser().open('dashboard.html', 'article.push');
    for (const name of names) await page.waitForSelector(`::-p-text(${name})`);
    // The live region is there from load, empty.
    expect(await liveText(page)).toBe('');

    await tabTo(page, (f) => f.label === 'Select all shown');
    await key(page, ' '); // Space: the one key name both drivers know as " "
    const expireSelected = await tabTo(page, (f) => f.words === 'Expire selected');
    expect(expireSelected.tag).toBe('button');

    // The question: focus starts on Cancel; Tab and Shift+Tab stay inside it, however often.
    expect(await openQuestion(page)).toMatchObject({ words: 'Cancel', inDialog: true });
    for (let i = 0; i < 5; i++) expect((await key(page, 'Tab')).inDialog).toBe(true);
    for (let i = 0; i < 5; i++) expect((await key(page, 'Tab', true)).inDialog).toBe(true);
    // Escape closes it, sends nothing, and gives focus back to the button that asked.
    await page.keyboard.press('Escape');
    await page.waitForHidden('dialog[open]');
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.innerText === 'Expire selected',
    );
    expect((await owner.expiredAll()).map((push) => push.url_token)).toEqual([]);

    // Again, this time Expire: from Cancel, Shift+Tab reaches the dialog's Expire button.
    expect(await openQuestion(page)).toMatchObject({ words: 'Cancel', inDialog: true });
    expect((await key(page, 'Tab', true)).words).toBe('Expire 3 pushes');
    await key(page, 'Enter');
    await page.waitForFunction(() => document.activeElement?.classList.contains('expire-report'));
    expect((await focused(page)).words).toContain('3 pushes expired.');
    await page.waitForFunction(() => document.getElementById('sp-live')?.textContent === '3 pushes expired.');

    // The server's side: all three expired, nothing else.
    const expired = (await owner.expiredAll()).map((push) => push.url_token).sort();
    expect(expired).toEqual([...tokens].sort());
    await page.close();
  });
});
