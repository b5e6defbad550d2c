/**
 * What the browser's own history keeps of a push (issue 37, item 4): a push's address inside the extension
 * holds an opaque key, never its url_token or its server. Pushes are opened by every route that builds an
 * address (a watcher notification's click, a quick push's notification's click, the popup's recent list),
 * each landing on its row; then the browser closes and its history database is read from the profile:
 * Chromium's `Default/History` (table `urls`), Firefox's `places.sqlite` (table `moz_places`). Neither holds a
 * token or the server in an address or a title. Read with Python's sqlite3 (docs/toolchain.md, "What the
 * browser's history keeps"): the journeys' Node has no SQLite of its own.
 *
 * Chromium keeps every chrome-extension:// address a tab showed (before issue 37 this test found the tokens
 * there). Firefox keeps no moz-extension:// address at all, only web pages: a page of the test's own site,
 * visited last, shows that its history is written and read.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { forEachBrowser, type BrowserName, type ExtensionBrowser } from './browsers';
import { launchChromium } from './browsers/chromium';
import { launchFirefoxJourneys } from './browsers/firefox';
import { record, recorded } from './background-steps';
import { popupPush } from './page-steps';
import { serve } from './throttle';
import { menu, pushed } from './secrets/quick';
import { ALICE, openPopup, press, recipientPage, useMockHost, useServer } from './steps';

/** The recipient's browser, as the audit log keeps it: the notification names it, never the IP. */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Each browser's own profile directory, read after it closed; removed after the file's tests. */
const profiles = {} as Record<BrowserName, string>;
afterAll(() => {
  for (const dir of Object.values(profiles)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The browser with a profile of this file's, closed once (the test closes it to read its history). */
async function launchKeeping(name: BrowserName): Promise<ExtensionBrowser> {
  const profileDir = (profiles[name] = fs.mkdtempSync(
    path.join(os.tmpdir(), `secret-push-history-${name}-`),
  ));
  const launched = await (name === 'chromium' ? launchChromium : launchFirefoxJourneys)({ profileDir });
  const close = launched.close;
  let closing: Promise<void> | undefined;
  return Object.assign(launched, { close: () => (closing ??= close()) });
}

/** Every address and title the closed browser's history database holds, read from a copy. */
function historyRows(name: BrowserName): Array<{ url: string; title: string }> {
  const [file, table] =
    name === 'chromium'
      ? [path.join(profiles[name], 'Default', 'History'), 'urls']
      : [path.join(profiles[name], 'places.sqlite'), 'moz_places'];
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-history-copy-')), 'db.sqlite');
  fs.copyFileSync(file, copy);
  // Firefox writes ahead: the log's pages belong to the database until a checkpoint.
  if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
  const script = `import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(json.dumps([{"url": u or "", "title": t or ""} for u, t in db.execute("SELECT url, title FROM ${table}")]))`;
  const rows = JSON.parse(execFileSync('python3', ['-c', script, copy], { encoding: 'utf8' })) as Array<{
    url: string;
    title: string;
  }>;
  fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  return rows;
}

/** The dashboard tab a click opened at a push's address, once its row has focus; then closed. */
async function openedOnRow(browser: ExtensionBrowser, urlToken: string): Promise<string> {
  const page = await browser.opened(`${browser.base}/dashboard.html#/push/`);
  const selector = `article[aria-labelledby="title-${urlToken}"]`;
  await page.waitForFunction((row) => document.activeElement?.matches(row), { timeout: 15_000 }, selector);
  const address = await page.evaluate(() => location.href);
  await page.close();
  return address;
}

/** A web page of the test's own, visited last: the proof that the browser's history is written. */
const PROBE_TITLE = 'History probe';

forEachBrowser(
  'addresses with no secret in them',
  (name, browser) => {
    const alice = useMockHost();
    let site: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      site = await serve((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>${PROBE_TITLE}</title>`);
        return true;
      });
    });
    afterAll(() => site?.close());

    it(`a push opened by a watcher notification's click, a quick push's notification's click and the popup's recent list lands on its row, and then ${name === 'chromium' ? "Chromium's History database, which keeps the extension's addresses," : "Firefox's places.sqlite, which keeps no moz-extension address at all (only web pages: a probe page is there),"} holds no url_token and no server in any address or title`, async () => {
      const server = alice().baseUrl;
      await useServer(browser(), server, ALICE.token);
      await record(browser());
      const tokens: string[] = [];
      const addresses: string[] = [];

      // A push from the popup, viewed by a recipient on an iPhone: the watcher's notification names the device.
      const pushName = `Router ${name}`;
      const made = await popupPush(browser(), { secret: `history secret of ${name}`, name: pushName });
      tokens.push(made.urlToken);
      expect(await recipientPage(server, made.urlToken, { userAgent: IPHONE })).toContain('history secret');
      const dashboard = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
      await press(dashboard, 'Refresh');
      const notices = async () =>
        (await recorded(browser())).notices.filter(
          (notice) => notice.id?.startsWith('watch:') && notice.title === pushName,
        );
      await expect.poll(notices, { timeout: 15_000 }).toHaveLength(1);
      await dashboard.close();
      const [viewed] = await notices();
      expect(viewed!.message).toContain('Safari on iOS');
      expect(viewed!.message).not.toContain('127.0.0.1');
      expect(viewed!.id).not.toContain(made.urlToken);
      // What notifications.onClicked calls (lib/watch/background/e2e-hook.ts): no driver clicks Chromium's.
      await browser().background((g, id) => g.secretPushWatch.notificationClicked(id), viewed!.id!);
      addresses.push(await openedOnRow(browser(), made.urlToken));

      // A quick push ("Push selected text"), its notification clicked (lib/quick-push/e2e-hook.ts).
      const outcome = await menu(browser(), {
        menuItemId: MENU_IDS.selection,
        selectionText: `history quick secret of ${name}`,
      });
      const quick = pushed(outcome);
      tokens.push(quick);
      if (outcome.status !== 'pushed') throw new Error('the quick push failed');
      expect(outcome.notificationId).not.toContain(quick);
      await browser().background(
        (g, id) => g.secretPushQuickPush.notificationClicked(id),
        outcome.notificationId,
      );
      addresses.push(await openedOnRow(browser(), quick));

      // The popup's recent list: the push's name is the link to its row.
      const popup = await openPopup(browser());
      const recent = await popup.waitForSelector('::-p-aria(Recent pushes[role="region"])');
      await (await recent.waitForSelector(`::-p-aria(${pushName}[role="link"])`)).click();
      addresses.push(await openedOnRow(browser(), made.urlToken));
      await popup.close();

      // Every address a tab showed holds neither a token nor the server.
      const secrets = [...tokens, server, encodeURIComponent(server), new URL(server).host];
      for (const address of addresses) for (const secret of secrets) expect(address).not.toContain(secret);

      // A web page of the test's own site, last: the history is written (and read below).
      await (await browser().web(`${site.url}/probe`)).close();
      await browser().close();
      const rows = historyRows(name);
      expect(rows.filter((row) => row.url === `${site.url}/probe`)).toHaveLength(1);
      const pushAddresses = rows.filter((row) =>
        row.url.startsWith(`${browser().base}/dashboard.html#/push/`),
      );
      // Chromium keeps the pushes' addresses (so the check below reads them); Firefox keeps no extension page.
      if (name === 'chromium') expect(pushAddresses.length).toBeGreaterThan(0);
      else expect(rows.filter((row) => row.url.startsWith(browser().base))).toEqual([]);
      const leaks = rows.filter((row) =>
        secrets.some((secret) => `${row.url} ${row.title}`.includes(secret)),
      );
      expect(leaks).toEqual([]);
    });
  },
  { launch: launchKeeping },
);
