/**
 * Several servers (issue 12), in both browsers: two Node mock hosts on loopback (two ports, two origins),
 * each saved on the options page with its own token (the second through "Add a server": adding one keeps
 * the default, issue 18; "Make default" on its row moves it); a push made on each from the popup by
 * switching the server; the dashboard shows both with their server and filters by one; removing a server
 * takes its pushes off the dashboard and their live links out of the watcher's database. Each server's side is checked through the API.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { dumpIndexedDb } from './secrets/dump';
import { connectServer, fieldValue, popupPush } from './page-steps';
import { ALICE, ownerClient, pageText, press, waitForRow, waitForText } from './steps';

const BOB = { email: 'bob@example.com', token: 'bob-token-journey-02' };

/** The name the pages give a server: host and port. */
const nameOf = (host: MockHost) => new URL(host.baseUrl).host;

/** The names of the saved servers the options page lists, in order. */
const serverNames = (options: JourneyPage) =>
  options.$$eval('.server-list > li', (rows) => rows.map((row) => row.getAttribute('aria-label')));

/** The text of the saved server's row in the options page's list. */
const rowText = (options: JourneyPage, host: MockHost) =>
  options.$eval(`.server-list > li[aria-label="${nameOf(host)}"]`, (row) => (row as HTMLElement).innerText);

/**
 * Saves a self-hosted server with its token in the open, blank Connection form (Connect); the form then
 * folds into the server's row, which says `saved`.
 */
async function connect(options: JourneyPage, host: MockHost, token: string, saved: string): Promise<void> {
  await connectServer(options, host.baseUrl, token, saved, async () => {
    // A new server's form starts blank: nothing of a saved server (its token above all) is carried over.
    expect([await fieldValue(options, '#server-url'), await fieldValue(options, '#api-token')]).toEqual([
      '',
      '',
    ]);
  });
  // Folded: the form is gone until "Add a server" or a row's Edit opens it again.
  expect(await options.$('#server-choice')).toBeNull();
}

/** Creates a named push in a fresh popup, on `host` when given (the header's server switch). */
const pushFromPopup = async (browser: ExtensionBrowser, name: string, host?: MockHost) =>
  (await popupPush(browser, { secret: `secret of ${name}`, name, server: host?.baseUrl })).urlToken;

/** The names of the pushes the dashboard lists now. */
const listed = (page: JourneyPage) =>
  page.$$eval('article h3', (titles) => titles.map((title) => title.textContent ?? '').sort());

forEachBrowser('several servers', (name, browser) => {
  let first: MockHost;
  let second: MockHost;
  beforeAll(async () => {
    first = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
    second = await startMockHost({ port: 0, users: [BOB], rateLimit: 0 });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("saves two servers, pushes to each from the popup, filters the dashboard by one, and removes one with its pushes' links", async () => {
    const options = await browser().open('options.html', '#server-choice');
    await connect(options, first, ALICE.token, 'Saved. Pushes now go to this server.');
    await press(options, 'Add a server');
    await connect(options, second, BOB.token, 'Saved. The default server has not changed.');
    expect(await serverNames(options)).toEqual([nameOf(first), nameOf(second)]);
    // Adding a server never changes the default (issue 18): the first one stays it until Make default.
    expect(await rowText(options, first)).toContain('Default');
    expect(await rowText(options, second)).not.toContain('Default');
    expect(await pageText(options)).not.toContain('Saved. Pushes now go to this server.');

    await press(options, 'Make default');
    await waitForRow(options, nameOf(second), 'Default');
    expect(await rowText(options, first)).not.toContain('Default');

    // The default server is the one the popup starts on; the switch sends one push elsewhere.
    const onSecond = await pushFromPopup(browser(), `On second ${name}`);
    const onFirst = await pushFromPopup(browser(), `On first ${name}`, first);

    // Each server has its own push, and only that one (its user's view through the API).
    const firstOwner = ownerClient(first.baseUrl);
    const secondOwner = ownerClient(second.baseUrl, BOB.token);
    expect((await firstOwner.activeAll()).map((push) => push.url_token)).toEqual([onFirst]);
    expect((await secondOwner.activeAll()).map((push) => push.url_token)).toEqual([onSecond]);

    const page = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);
    expect(await listed(page)).toEqual([`On first ${name}`, `On second ${name}`].sort());
    const shownServers = await page.$$eval('.push-server', (spans) => spans.map((s) => s.textContent).sort());
    expect(shownServers).toEqual([nameOf(first), nameOf(second)].sort());

    await page.select('.server-filter select', first.baseUrl);
    await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    expect(await listed(page)).toEqual([`On first ${name}`]);
    await page.select('.server-filter select', '');
    // The watcher's database keeps each push's live link, per server, until that server is removed.
    const before = (await dumpIndexedDb(page)).text;
    expect(before).toContain(`${first.baseUrl}/p/${onFirst}`);
    expect(before).toContain(`${second.baseUrl}/p/${onSecond}`);

    await options.bringToFront();
    // Remove asks first: keeping it changes nothing; confirming removes it.
    await press(options, `Remove ${nameOf(second)}`);
    await waitForText(options, `Remove ${nameOf(second)}? Its token`);
    await press(options, 'Keep it');
    expect(await serverNames(options)).toHaveLength(2);
    await press(options, `Remove ${nameOf(second)}`);
    await press(options, 'Remove server');
    await waitForText(options, 'Server removed');
    // The list follows the storage change, which Firefox reports a moment after the status line.
    await options.waitForFunction(() => document.querySelectorAll('.server-list > li').length === 1);
    expect(await serverNames(options)).toEqual([nameOf(first)]);

    // The removed server's push is gone from the dashboard; the push itself still lives on its server.
    await page.bringToFront();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    expect(await listed(page)).toEqual([`On first ${name}`]);
    expect(await page.$('.push-server')).toBeNull(); // one server left: not named on each push
    // Removing a server erases the live links of its pushes from the watcher's database; the dashboard opened again lists none.
    await expect.poll(async () => (await dumpIndexedDb(page)).text).not.toContain(second.baseUrl);
    const after = (await dumpIndexedDb(page)).text;
    expect(after).not.toContain(onSecond);
    expect(after).toContain(`${first.baseUrl}/p/${onFirst}`);
    const reopened = await browser().open('dashboard.html', 'article');
    expect(await listed(reopened)).toEqual([`On first ${name}`]);
    expect((await secondOwner.activeAll()).map((push) => push.url_token)).toEqual([onSecond]);
  });
});
