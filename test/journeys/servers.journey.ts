/**
 * Several servers (issue 12) and the seams of issue 18's settings model where a token could leak to a server
 * it was not saved for, in one launch per browser. Three Node mock hosts on loopback (three ports, three
 * origins: A, B, C), each behind a recorder (recorded-host.ts) that tells, on the server's own side, whether
 * a request carried an Authorization header, and that names itself in the links its host makes. A and B are
 * saved on the options page with their own tokens (B through "Add a server": adding one keeps the default;
 * "Make default" on its row moves it); a push is made on each from the popup by switching the server; the
 * dashboard shows both with their server and filters by one. C's address typed in A's or B's form, C saved,
 * and A redirecting to C never bring C a token. Removing servers takes their pushes off the dashboard and
 * their live links out of the watcher's database. Each server's side is checked through the API; storage is
 * read from the background. axe (axe.ts) finds nothing on the options page, in light and dark, fresh, folded
 * with a row saying Saved, adding a server, and asking Remove's question.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectClean } from './axe';
import type { JourneyPage } from './browsers';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { startRecordedHost, type RecordedHost } from './recorded-host';
import { dumpIndexedDb } from './secrets/dump';
import { connectServer, editServer, fieldValue, popupPush, waitForDemo } from './page-steps';
import { pickFile, tab, withFile } from './secrets/form';
import { ownerClient, openPopup, pageText, press, waitForAlert, waitForRow, waitForText } from './steps';

const ALICE = { email: 'alice@example.com', token: 'alice-token-seams-A1' };
const BOB = { email: 'bob@example.com', token: 'bob-token-seams-B2' };
const CAROL = { email: 'carol@example.com', token: 'carol-token-seams-C3' };

const DEFAULT_SAVED = 'Saved. Pushes now go to this server.';
const OTHER_SAVED = 'Saved. The default server has not changed.';

/** Replaces what a field holds by typing, as a person does: a triple click selects it all. */
async function retype(options: JourneyPage, selector: string, text: string): Promise<void> {
  await options.click(selector, { count: 3 });
  await options.type(selector, text);
}

interface BoundToken {
  value: string;
  origin: string;
}

/** Every saved token, in both storage areas, with the server it is saved under. */
async function savedTokens(browser: ExtensionBrowser) {
  const areas = await browser.background(
    async (g) => ({
      local: ((await g.browser.storage.local.get('serverTokens')).serverTokens ?? {}) as object,
      session: ((await g.browser.storage.session.get('serverTokens')).serverTokens ?? {}) as object,
    }),
    null,
  );
  return Object.entries(areas).flatMap(([area, tokens]) =>
    Object.entries(tokens as Record<string, BoundToken>).map(([url, bound]) => ({ area, url, ...bound })),
  );
}

/** The requests `host` received with an Authorization header. */
const authorized = (host: RecordedHost) => host.received.filter((r) => r.authorization !== undefined);
/** Whether `host` received `token` in an Authorization header. */
const sentTo = (host: RecordedHost, token: string) =>
  authorized(host).some((r) => r.authorization?.includes(token));

/** The names of the saved servers the options page lists, in order. */
const serverNames = (options: JourneyPage) =>
  options.$$eval('.server-list > li', (rows) => rows.map((row) => row.getAttribute('aria-label')));

/** The text of the saved server's row in the options page's list. */
const rowText = (options: JourneyPage, host: RecordedHost) =>
  options.$eval(`.server-list > li[aria-label="${host.name}"]`, (row) => (row as HTMLElement).innerText);

/** The names of the pushes the dashboard lists now. */
const listed = (page: JourneyPage) =>
  page.$$eval('article h3', (titles) => titles.map((title) => title.textContent ?? '').sort());

forEachBrowser('several servers; a token never reaches another server', (name, browser) => {
  let a: RecordedHost;
  let b: RecordedHost;
  let c: RecordedHost;
  let options: JourneyPage;
  let dashboard: JourneyPage;
  let onFirst: string;
  let onSecond: string;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([
      startRecordedHost({ users: [ALICE] }),
      startRecordedHost({ users: [BOB] }),
      startRecordedHost({ users: [CAROL] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), c?.close()]);
  });

  /**
   * Saves `host` with `token` in the open, blank Connection form (Connect); the form then folds into the
   * server's row, which says `saved`.
   */
  async function connect(host: RecordedHost, token: string, saved: string): Promise<void> {
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

  /** Test connection on the form (on C's address): waits for its outcome, `answer`; C got no token. */
  async function testOnC(answer: string): Promise<void> {
    await press(options, 'Test connection');
    // Its success line or an alert first: the recorder's check runs once the test is over, whatever it says.
    await options.waitForFunction(
      () =>
        document.body.innerText.includes('The connection works.') ||
        !!document.querySelector('[role="alert"]'),
      { timeout: 15_000 },
    );
    expect(authorized(c)).toEqual([]);
    await waitForText(options, answer);
  }

  it('saves A, then B through Add a server (the default stays A), and Make default moves the default to B; axe finds nothing on the way', async () => {
    options = await browser().open('options.html', '#server-choice');
    await expectClean(options, 'the options page');
    await connect(a, ALICE.token, DEFAULT_SAVED);
    await expectClean(options, 'the options page folded, the row saying Saved');
    await press(options, 'Add a server');
    await options.waitForSelector('#server-choice');
    await expectClean(options, 'the options page adding a server below the list');
    await connect(b, BOB.token, OTHER_SAVED);
    expect(await serverNames(options)).toEqual([a.name, b.name]);
    // Adding a server never changes the default (issue 18): the first one stays it until Make default.
    expect(await rowText(options, a)).toContain('Default');
    expect(await rowText(options, b)).not.toContain('Default');
    expect(await pageText(options)).not.toContain(DEFAULT_SAVED);

    await press(options, 'Make default');
    await waitForRow(options, b.name, 'Default');
    expect(await rowText(options, a)).not.toContain('Default');
    // The recorders do see tokens: each got its own with Connect (else the checks on C below prove nothing).
    expect(sentTo(a, ALICE.token)).toBe(true);
    expect(sentTo(b, BOB.token)).toBe(true);
  });

  it('pushes to each server from the popup, and the dashboard lists both with their server and filters by one', async () => {
    // The default server is the one the popup starts on; the switch sends one push elsewhere.
    const pushFromPopup = async (pushName: string, host?: RecordedHost) =>
      (await popupPush(browser(), { secret: `secret of ${pushName}`, name: pushName, server: host?.baseUrl }))
        .urlToken;
    onSecond = await pushFromPopup(`On second ${name}`);
    onFirst = await pushFromPopup(`On first ${name}`, a);

    // Each server has its own push, and only that one (its user's view through the API).
    expect((await ownerClient(a.baseUrl, ALICE.token).activeAll()).map((push) => push.url_token)).toEqual([
      onFirst,
    ]);
    expect((await ownerClient(b.baseUrl, BOB.token).activeAll()).map((push) => push.url_token)).toEqual([
      onSecond,
    ]);

    dashboard = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await dashboard.waitForFunction(() => document.querySelectorAll('article').length === 2);
    expect(await listed(dashboard)).toEqual([`On first ${name}`, `On second ${name}`].sort());
    const shownServers = await dashboard.$$eval('.push-server', (spans) =>
      spans.map((s) => s.textContent).sort(),
    );
    expect(shownServers).toEqual([a.name, b.name].sort());

    await dashboard.select('.server-filter select', a.baseUrl);
    await dashboard.waitForFunction(() => document.querySelectorAll('article').length === 1);
    expect(await listed(dashboard)).toEqual([`On first ${name}`]);
    await dashboard.select('.server-filter select', '');
    // The watcher's database keeps each push's live link, per server, until that server is removed.
    const before = (await dumpIndexedDb(dashboard)).text;
    expect(before).toContain(`${a.baseUrl}/p/${onFirst}`);
    expect(before).toContain(`${b.baseUrl}/p/${onSecond}`);
  });

  it("Edit A, type C's address, Test connection, Connect: C never gets an Authorization header, nor A's token saved for it", async () => {
    await options.bringToFront();
    await editServer(options, a.baseUrl);
    expect(await fieldValue(options, '#server-url')).toBe(a.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe(ALICE.token);
    await retype(options, '#server-url', c.baseUrl);
    // The address moved to another origin: A's token left the field.
    expect(await fieldValue(options, '#api-token')).toBe('');

    await testOnC('The connection works.');
    expect(c.received.length).toBeGreaterThan(0);

    await press(options, 'Connect');
    // Adding a server never changes the default (issue 18): C is saved beside the others, B stays it.
    await waitForRow(options, c.name, OTHER_SAVED);
    expect(authorized(c)).toEqual([]);
    expect(
      await browser().background(
        async (g) =>
          ((await g.browser.storage.local.get('server')).server as { defaultUrl?: string }).defaultUrl,
        null,
      ),
    ).toBe(b.baseUrl);
    const tokens = await savedTokens(browser());
    const cOrigin = new URL(c.baseUrl).origin;
    expect(tokens.filter((t) => t.origin === cOrigin || t.url.startsWith(c.baseUrl))).toEqual([]);
    // A's token is saved once, for A alone.
    expect(tokens.filter((t) => t.value === ALICE.token).map((t) => t.origin)).toEqual([
      new URL(a.baseUrl).origin,
    ]);
  });

  it(`Edit B, demo mode on and off, type C's address in B's form, Test connection: C gets no token`, async () => {
    c.received.splice(0);
    await options.bringToFront();
    await editServer(options, b.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe(BOB.token);

    const demo = '::-p-aria(Demo mode[role="switch"])';
    await options.click(demo);
    await waitForDemo(options, true);
    await options.click(demo);
    await waitForDemo(options, false);

    // The form is still B's (demo mode on and off reset it from what B has saved).
    await options.waitForSelector('#server-url');
    expect(await fieldValue(options, '#server-url')).toBe(b.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe(BOB.token);
    await retype(options, '#server-url', c.baseUrl);
    expect(await fieldValue(options, '#api-token')).toBe('');
    await testOnC('The connection works.');
    expect(c.received.length).toBeGreaterThan(0);
  });

  it("a token typed for C that is another saved server's is refused, and not sent to C", async () => {
    c.received.splice(0);
    // The form is on C's address from the test before; the person pastes B's token into it.
    expect(await fieldValue(options, '#server-url')).toBe(c.baseUrl);
    await options.type('#api-token', BOB.token);
    await testOnC('The saved API token belongs to another server, so it was not sent.');
  });

  it('a saved server that redirects to another origin carries its token there with neither a push nor a file push', async () => {
    await options.bringToFront();
    await press(options, 'Cancel');
    await options.click(`.server-list > li[aria-label="${a.name}"] ::-p-aria(Make default[role="button"])`);
    await waitForRow(options, a.name, 'Default');
    a.redirectTo = c.baseUrl;
    a.received.splice(0);
    c.received.splice(0);

    const popup = await openPopup(browser());
    // Several servers saved: the header's "to" is a switch, on the default server.
    const chosen = await popup.$eval(
      'select[aria-label="Server for this push"]',
      (s) => (s as HTMLSelectElement).value,
    );
    expect(chosen).toBe(a.baseUrl);
    await popup.type('#sp-secret', 'sent to A, redirected to C');
    await press(popup, 'Create push');
    await waitForAlert(popup, ''); // whatever it says
    // The create went to A with A's token; the redirect to C was not followed with it.
    expect(sentTo(a, ALICE.token)).toBe(true);
    expect(authorized(c)).toEqual([]);

    a.received.splice(0);
    const files = await openPopup(browser());
    await tab(files, 'Files');
    await withFile('keys.txt', 'a file for A only', async (file) => {
      await pickFile(files, file);
      await press(files, 'Create push');
      await waitForAlert(files, '');
    });
    // The upload went to A with A's token (XHR would follow a redirect: the transport must not let it).
    expect(sentTo(a, ALICE.token)).toBe(true);
    expect(authorized(c)).toEqual([]);
    a.redirectTo = undefined;
  });

  it("removes B (after asking; axe finds nothing on the question) and C: their pushes leave the dashboard, their links the watcher's database", async () => {
    await options.bringToFront();
    // Remove asks first: keeping it changes nothing; confirming removes it.
    await press(options, `Remove ${b.name}`);
    await waitForText(options, `Remove ${b.name}? Its token`);
    await expectClean(options, "the options page asking Remove's question");
    await press(options, 'Keep it');
    expect(await serverNames(options)).toHaveLength(3);
    for (const host of [b, c]) {
      await press(options, `Remove ${host.name}`);
      await press(options, 'Remove server');
      await waitForText(options, 'Server removed');
      // The list follows the storage change, which Firefox reports a moment after the status line.
      await options.waitForFunction(
        (name) => !document.querySelector(`.server-list > li[aria-label="${name}"]`),
        {},
        host.name,
      );
    }
    expect(await serverNames(options)).toEqual([a.name]);

    // The removed server's push is gone from the dashboard; the push itself still lives on its server.
    await dashboard.bringToFront();
    await dashboard.waitForFunction(() => document.querySelectorAll('article').length === 1);
    expect(await listed(dashboard)).toEqual([`On first ${name}`]);
    expect(await dashboard.$('.push-server')).toBeNull(); // one server left: not named on each push
    // Removing a server erases the live links of its pushes from the watcher's database; the dashboard opened again lists none.
    await expect.poll(async () => (await dumpIndexedDb(dashboard)).text).not.toContain(b.baseUrl);
    const after = (await dumpIndexedDb(dashboard)).text;
    expect(after).not.toContain(onSecond);
    expect(after).toContain(`${a.baseUrl}/p/${onFirst}`);
    const reopened = await browser().open('dashboard.html', 'article');
    expect(await listed(reopened)).toEqual([`On first ${name}`]);
    expect((await ownerClient(b.baseUrl, BOB.token).activeAll()).map((push) => push.url_token)).toEqual([
      onSecond,
    ]);
  });
});
