/**
 * The dashboard, in both browsers, against the Node host: two pushes made in the popup, one opened by a
 * recipient, Refresh shows the view (count and audit entry), and Expire on the other (with its confirmation)
 * expires it on the server, checked there through the API. The Chromium-only Playwright journey
 * (test/e2e/dashboard.spec.ts) also checks the view's notification and the CSV export.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ElementHandle, Page } from 'puppeteer-core';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import type { ExtensionBrowser } from './browsers';
import { forEachBrowser } from './browsers';
import { ALICE, createdLink, openPopup, ownerClient, press, useServer, waitForText } from './steps';

/** Creates a push in the popup, as a person would (secret, views, and a name under "More options"). */
async function createInPopup(browser: ExtensionBrowser, name: string, views: number): Promise<string> {
  const popup = await openPopup(browser);
  await popup.type('#sp-secret', `secret of ${name}`);
  // Select the default count first, so typing replaces it.
  await popup.click('#sp-views', { count: 3 });
  await popup.type('#sp-views', String(views));
  await popup.click('summary');
  await popup.waitForSelector('#sp-name', { visible: true });
  await popup.type('#sp-name', name);
  await press(popup, 'Create push');
  const { urlToken } = await createdLink(popup);
  await popup.close();
  return urlToken;
}

/**
 * What a recipient's browser gets on revealing the push (POST /p/:token, the recipient page's button), as
 * test/e2e/popup-support.ts `recipientPage` does: this counts a view.
 */
async function openAsRecipient(baseUrl: string, urlToken: string): Promise<string> {
  const response = await fetch(`${baseUrl}/p/${urlToken}`, {
    method: 'POST',
    headers: { accept: 'text/html' },
    body: new URLSearchParams(),
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** The dashboard's card of a push, found by its accessible name (the push's name). */
async function card(page: Page, name: string): Promise<ElementHandle> {
  const found = await page.waitForSelector(`::-p-aria(${name}[role="article"])`);
  if (!found) throw new Error(`No card named ${name}`);
  return found;
}

const cardText = (handle: ElementHandle) => handle.evaluate((el) => (el as HTMLElement).innerText);

/** Opens a card's details, where preview, open, audit log and expire sit (issue 11's compact rows). */
async function openDetails(handle: ElementHandle): Promise<void> {
  await (await handle.waitForSelector('::-p-aria(Details[role="button"])'))!.click();
}

/** Waits until the card's text contains `text` (the card re-renders in place as the data changes). */
async function waitForCardText(page: Page, name: string, text: string): Promise<void> {
  await page.waitForFunction(
    (name, text) =>
      [...document.querySelectorAll('article')].some(
        (el) => el.querySelector('h3')?.textContent === name && el.innerText.includes(text),
      ),
    { timeout: 15_000 },
    name,
    text,
  );
}

forEachBrowser('the dashboard', (name, browser) => {
  // A host per browser: the dashboard may list every push of the account, so no browser sees the other's.
  let host: MockHost;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  });
  afterAll(() => host?.close());

  it('refreshes, shows a recipient view with its audit entry, and expires a push on the server', async () => {
    await useServer(browser(), host.baseUrl, ALICE.token);
    const viewed = await createInPopup(browser(), `Door code ${name}`, 3);
    const other = await createInPopup(browser(), `Bank login ${name}`, 2);
    expect(await openAsRecipient(host.baseUrl, viewed)).toContain(`secret of Door code ${name}`);

    const page = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await card(page, `Door code ${name}`);
    await card(page, `Bank login ${name}`);

    await press(page, 'Refresh');
    await waitForText(page, 'Last refreshed ');
    await waitForCardText(page, `Door code ${name}`, '2 of 3 views left');
    await waitForCardText(page, `Bank login ${name}`, '2 of 2 views left');
    const door = await card(page, `Door code ${name}`);
    expect(await door.$('::-p-aria(2 of 3 views left[role="progressbar"])')).not.toBeNull();

    await openDetails(door);
    await (await door.waitForSelector('::-p-aria(Audit log[role="button"])'))!.click();
    await waitForCardText(page, `Door code ${name}`, 'Viewed');
    const audit = await door.waitForSelector(`::-p-aria(Audit log of Door code ${name}[role="table"])`);
    const rows = await audit!.$$eval('tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
    const views = rows.filter((row) => row.includes('Viewed'));
    expect(views).toHaveLength(1);
    expect(views[0]).toContain('127.0.0.1');

    const bank = await card(page, `Bank login ${name}`);
    await openDetails(bank);
    await (await bank.waitForSelector('::-p-aria(Expire[role="button"])'))!.click();
    const dialog = await page.waitForSelector(`::-p-aria(Expire Bank login ${name}?[role="alertdialog"])`);
    await (await dialog!.waitForSelector('::-p-aria(Expire push[role="button"])'))!.click();
    await waitForText(page, '1 push expired.');
    await page.waitForSelector('[role="alertdialog"]', { hidden: true });
    await waitForCardText(page, `Bank login ${name}`, 'Expired: deleted');
    expect(await cardText(await card(page, `Door code ${name}`))).not.toContain('Expired');

    // On the other side: the owner's view of the server says it is expired, and the other is still live.
    const owner = ownerClient(host.baseUrl);
    const expired = await owner.expiredAll();
    expect(expired.find((push) => push.url_token === other)).toMatchObject({ expired: true });
    const active = (await owner.activeAll()).map((push) => push.url_token);
    expect(active).toContain(viewed);
    expect(active).not.toContain(other);
  });
});
