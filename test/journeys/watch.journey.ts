/**
 * The watcher as a new user meets it (issue 19), in both browsers against the Node host: an account that
 * already holds pushes, connected on the options page, is listed in the dashboard within 10 s of Connect,
 * without anyone pressing Refresh (the watcher reads a new account at once, and the dashboard asks for a
 * refresh when it opens on an empty cache); a recipient who types a wrong passphrase on the push's page is
 * reported in Recent activity under the push's name, and by a notification; that notification's click opens
 * the dashboard on the push's own row (dashboard.html#/push/<server>/<url_token>), expanded and focused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { notificationsShown, record, recorded } from './background-steps';
import { connectServer, openedOnRow, popupPush } from './page-steps';
import { ownerClient, press, recipientPage, waitForText } from './steps';

/** A user whose account holds pushes made elsewhere (another browser, the web UI): none from this one. */
const SAM = { email: 'sam@example.com', token: 'sam-token-journey-19' };
const HELD = 30;

/**
 * The names of every row the dashboard lists, in order. Only the rows on screen are in the page (issue 19):
 * scrolled through from top to bottom as a person would, each row read by its place in the list.
 */
async function rowNames(page: JourneyPage): Promise<string[]> {
  const byPlace = new Map<number, string>();
  for (let y = 0; ; ) {
    const seen = await page.evaluate(async (top) => {
      window.scrollTo(0, top);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const rows = [...document.querySelectorAll('ul[aria-label="Pushes"] > li')].map((li) => ({
        place: Number(li.getAttribute('aria-posinset')),
        name: li.querySelector('h3')?.textContent ?? '',
      }));
      return {
        rows,
        bottom: scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
        step: innerHeight,
      };
    }, y);
    for (const row of seen.rows) byPlace.set(row.place, row.name);
    if (seen.bottom) break;
    y += seen.step / 2;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...byPlace.entries()].sort(([a], [b]) => a - b).map(([, name]) => name);
}

/** The ids of the watcher's notifications: on screen, or closed since `record` (headless Firefox closes them). */
const watchNotifications = async (browser: ExtensionBrowser) =>
  [
    ...(await notificationsShown(browser)),
    ...(await recorded(browser)).closed.map((closed) => closed.id),
  ].filter((id) => id.startsWith('watch:'));

forEachBrowser('the watcher', (name, browser) => {
  let host: MockHost;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [SAM], rateLimit: 0 });
    const sam = ownerClient(host.baseUrl, SAM.token);
    for (let i = 1; i <= HELD; i++)
      await sam.createPush({ payload: `held secret ${i}`, name: `Held ${name} ${i}`, expire_after_views: 3 });
  });
  afterAll(() => host?.close());
  /** A push with a passphrase and a name, made in the popup as a person would. */
  const withPassphrase = (pushName: string) =>
    popupPush(browser(), {
      secret: `payroll secret of ${pushName}`,
      passphrase: 'correct horse',
      name: pushName,
    });

  it(`lists the ${HELD} pushes an account already holds within 10 s of Connect, without Refresh`, async () => {
    const options = await browser().open('options.html', '#server-choice');
    const connected = await connectServer(
      options,
      host.baseUrl,
      SAM.token,
      'Saved. Pushes now go to this server.',
    );

    const page = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    // Each row says how many the list holds (aria-setsize), rendered or not.
    await page.waitForFunction(
      (held) =>
        Number(document.querySelector('ul[aria-label="Pushes"] > li')?.getAttribute('aria-setsize')) >= held,
      { timeout: 10_000 },
      HELD,
    );
    expect(Date.now() - connected).toBeLessThan(10_000);
    const names = await rowNames(page);
    expect(names[0]).toBe(`Held ${name} ${HELD}`);
    expect(names).toContain(`Held ${name} 1`);
    // No "no pushes" line was left on the page, and the bar says when the watcher read the account.
    await waitForText(page, 'Last refreshed ');

    // The server's side: what is listed is exactly the account's active pushes.
    const active = await ownerClient(host.baseUrl, SAM.token).activeAll();
    expect(new Set(names)).toEqual(new Set(active.map((push) => push.name)));
  });

  it("reports a wrong passphrase typed on the push's page in Recent activity, named, and by a notification", async () => {
    const pushName = `Payroll ${name}`;
    const { link, urlToken: token } = await withPassphrase(pushName);
    await record(browser());

    // The recipient's side: the push's page, a wrong passphrase typed and sent.
    const recipient = await browser().web(link);
    const reveal = await recipient.$('::-p-aria(Reveal secret[role="button"])');
    if (reveal) await reveal.click();
    await recipient.waitForSelector('#passphrase');
    await recipient.type('#passphrase', 'wrong horse');
    await press(recipient, 'Unlock secret');
    await waitForText(recipient, 'That passphrase is incorrect.');
    await recipient.close();

    const page = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await press(page, 'Refresh');
    const activity = await page.waitForSelector('::-p-aria(Recent activity[role="region"])');
    await expect
      .poll(() => activity.evaluate((el) => (el as HTMLElement).innerText), { timeout: 15_000 })
      .toContain(`${pushName} — Wrong passphrase entered`);
    await expect
      .poll(() => watchNotifications(browser()), { timeout: 10_000 })
      .toContainEqual(expect.stringContaining(`|${token}|audit|`));

    // The server's side: the audit log holds the failed attempt, and no view was counted.
    const owner = ownerClient(host.baseUrl, SAM.token);
    expect((await owner.auditAll(token)).map((entry) => entry.kind)).toContain('failed_passphrase');
    const listed = (await owner.activeAll()).find((push) => push.url_token === token);
    expect(listed?.views_remaining).toBe(listed?.expire_after_views);
  });

  it("opens that push's row, expanded and focused, when a watcher notification is clicked", async () => {
    const pushName = `Door code ${name}`;
    const { urlToken: token } = await withPassphrase(pushName);
    // A recipient opens it with the right passphrase: a view, which the watcher notifies.
    const opened = await recipientPage(host.baseUrl, token, { passphrase: 'correct horse' });
    expect(opened).toContain(`payroll secret of ${pushName}`);
    const dashboard = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await press(dashboard, 'Refresh');
    await expect
      .poll(() => watchNotifications(browser()), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(`|${token}|`));
    await dashboard.close();

    const [id] = (await watchNotifications(browser())).filter((one) => one.includes(`|${token}|`));
    // What notifications.onClicked calls (lib/watch/background/e2e-hook.ts): no driver clicks a native notification.
    await browser().background((g, clicked) => g.secretPushWatch.notificationClicked(clicked), id!);
    const { title } = await openedOnRow(browser(), host.baseUrl, token);
    expect(title).toBe(pushName);
  });
});
