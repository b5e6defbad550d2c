/**
 * The dashboard, in both browsers, against the Node host: two pushes made in the popup, one opened by a
 * recipient, Refresh shows the view (count and audit entry), and Expire on the other (with its confirmation)
 * expires it on the server, checked there through the API; the view's notification and the CSV export.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyElement, JourneyPage } from './browsers';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import type { ExtensionBrowser } from './browsers';
import { forEachBrowser } from './browsers';
import { record, recorded } from './background-steps';
import { popupPush } from './page-steps';
import { ALICE, ownerClient, press, recipientPage, useServer, waitForText } from './steps';

const RECIPIENT_UA = 'RecipientBrowser/7.1 (journey test)';

/** The dashboard's card of a push, found by its accessible name (the push's name). */
const card = (page: JourneyPage, name: string) => page.waitForSelector(`::-p-aria(${name}[role="article"])`);

/** Opens a card's details, where preview, open, audit log and expire sit (issue 11's compact rows). */
async function openDetails(handle: JourneyElement): Promise<void> {
  await (await handle.waitForSelector('::-p-aria(Details[role="button"])'))!.click();
}

/** Waits until the card's text contains `text` (the card re-renders in place as the data changes). */
async function waitForCardText(page: JourneyPage, name: string, text: string): Promise<void> {
  await page.waitForFunction(
    ({ name, text }) =>
      [...document.querySelectorAll('article')].some(
        (el) => el.querySelector('h3')?.textContent === name && el.innerText.includes(text),
      ),
    { timeout: 15_000 },
    { name, text },
  );
}

/** The watcher's notifications created since `record`, with their words. */
const watchNotices = async (browser: ExtensionBrowser) =>
  (await recorded(browser)).notices.filter((notice) => notice.id?.startsWith('watch:'));

/**
 * Presses the export menu's `button` and returns the file the page hands the browser to save (the name and
 * the bytes of the link lib/download.ts clicks), read back from its Blob URL in the page.
 */
async function exported(page: JourneyPage, button: string): Promise<{ name: string; text: string }> {
  await page.evaluate(() => {
    const saved: Array<{ name: string; href: string }> = [];
    (globalThis as { savedFiles?: typeof saved }).savedFiles = saved;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) saved.push({ name: this.download, href: this.href });
      return click.call(this);
    };
  });
  await press(page, button);
  await page.waitForFunction(() => (globalThis as { savedFiles?: unknown[] }).savedFiles?.[0]);
  return page.evaluate(async () => {
    const saved = (globalThis as { savedFiles?: Array<{ name: string; href: string }> }).savedFiles![0]!;
    return { name: saved.name, text: await (await fetch(saved.href)).text() };
  });
}

forEachBrowser('the dashboard', (name, browser) => {
  // A host per browser: the dashboard may list every push of the account, so no browser sees the other's.
  let host: MockHost;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  });
  afterAll(() => host?.close());

  it('refreshes, shows a recipient view with its audit entry and notification, expires a push on the server, and exports both as CSV', async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    await record(browser());
    const push = (name: string, views: number) =>
      popupPush(browser(), { secret: `secret of ${name}`, views, name });
    const viewed = (await push(`Door code ${name}`, 3)).urlToken;
    const other = (await push(`Bank login ${name}`, 2)).urlToken;
    expect(await recipientPage(host.baseUrl, viewed, { userAgent: RECIPIENT_UA })).toContain(
      `secret of Door code ${name}`,
    );

    const page = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    expect(await page.title()).toBe('Secret Push dashboard');
    await card(page, `Door code ${name}`);
    await card(page, `Bank login ${name}`);

    await press(page, 'Refresh');
    await waitForText(page, 'Last refreshed ');
    await waitForCardText(page, `Door code ${name}`, '2 of 3 views left');
    await waitForCardText(page, `Bank login ${name}`, '2 of 2 views left');
    const door = await card(page, `Door code ${name}`);
    expect(await door.$('::-p-aria(2 of 3 views left[role="progressbar"])')).not.toBeNull();
    // Time left as people say it (issue 11), with the exact time on hover.
    expect(
      await door.$$eval('*', (els) =>
        els.some((el) => /^Expires in \d+ (days?|hours?)$/.test(el.textContent!.trim())),
      ),
    ).toBe(true);
    expect(await door.$$eval('time[title]', (times) => times.length)).toBe(1);

    await openDetails(door);
    await (await door.waitForSelector('::-p-aria(Audit log[role="button"])'))!.click();
    await waitForCardText(page, `Door code ${name}`, 'Viewed');
    const audit = await door.waitForSelector(`::-p-aria(Audit log of Door code ${name}[role="table"])`);
    const rows = await audit!.$$eval('tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    const views = rows.filter((row) => row.includes('Viewed'));
    expect(views).toHaveLength(1);
    expect(views[0]).toContain('127.0.0.1');
    expect(views[0]).toContain(RECIPIENT_UA);

    // The watcher raised one notification for the view: the push's name, the recipient's IP, the views left.
    await expect.poll(() => watchNotices(browser()), { timeout: 15_000 }).toHaveLength(1);
    const [notice] = await watchNotices(browser());
    expect(notice!.title).toBe(`Door code ${name}`);
    expect(notice!.message).toContain('Viewed from 127.0.0.1');
    expect(notice!.message).toContain('2 of 3 views left');
    expect(notice!.message).not.toContain('secret of');

    const bank = await card(page, `Bank login ${name}`);
    await openDetails(bank);
    await (await bank.waitForSelector('::-p-aria(Expire[role="button"])'))!.click();
    const dialog = await page.waitForSelector(`::-p-aria(Expire Bank login ${name}?[role="alertdialog"])`);
    await (await dialog!.waitForSelector('::-p-aria(Expire push[role="button"])'))!.click();
    await waitForText(page, '1 push expired.');
    await page.waitForHidden('[role="alertdialog"]');
    await waitForCardText(page, `Bank login ${name}`, 'Expired: deleted');
    const doorAgain = await card(page, `Door code ${name}`); // re-rendered since
    expect(await doorAgain.evaluate((el) => (el as HTMLElement).innerText)).not.toContain('Expired');

    // On the other side: the owner's view of the server says it is expired, and the other is still live.
    const owner = ownerClient(host.baseUrl);
    const expired = await owner.expiredAll();
    expect(expired.find((push) => push.url_token === other)).toMatchObject({ expired: true });
    const active = (await owner.activeAll()).map((push) => push.url_token);
    expect(active).toContain(viewed);
    expect(active).not.toContain(other);

    // The export: the live-links warning (issue 9), then a CSV of both, which holds no secret.
    await press(page, 'Export');
    await waitForText(page, 'Exported files contain live links to secrets');
    const csv = await exported(page, 'Export list (CSV)');
    expect(csv.name).toMatch(/^secret-push-pushes-\d{4}-\d\d-\d\d\.csv$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4); // the warning, the header and one line per push
    expect(lines[0]).toMatch(/^# Exported files contain live links to secrets/);
    expect(lines.find((line) => line.includes(viewed))).toContain(`Door code ${name}`);
    expect(lines.find((line) => line.includes(other))).toContain(`Bank login ${name}`);
    expect(csv.text).not.toContain('secret of');
  });
});
