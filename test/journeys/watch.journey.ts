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
import { forEachBrowser } from './browsers';
import type { ExtensionBrowser } from './browsers';
import { openPopup, ownerClient, press, waitForText } from './steps';
import { createPush } from './secrets/form';

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

/** Creates a push with a passphrase and a name in the popup, as a person would; returns its link. */
async function createWithPassphrase(browser: ExtensionBrowser, name: string): Promise<string> {
  const popup = await openPopup(browser);
  const { link } = await createPush(popup, {
    secret: `payroll secret of ${name}`,
    passphrase: 'correct horse',
    name,
  });
  await popup.close();
  return link;
}

/**
 * The ids of the watcher's notifications: those on screen, and those that closed since recording began
 * (headless Firefox closes a notification at once, as if by the user; quick-push.journey.ts says more).
 */
function recordNotifications(browser: ExtensionBrowser): Promise<void> {
  return browser.background((g) => {
    const log: string[] = [];
    (globalThis as { watchNotices?: string[] }).watchNotices = log;
    g.chrome.notifications.onClosed.addListener((id) => log.push(id));
  }, null);
}
function watchNotifications(browser: ExtensionBrowser): Promise<string[]> {
  return browser.background(async (g) => {
    const shown = Object.keys(await g.chrome.notifications.getAll());
    const closed = (globalThis as { watchNotices?: string[] }).watchNotices ?? [];
    return [...shown, ...closed].filter((id) => id.startsWith('watch:'));
  }, null);
}

forEachBrowser('the watcher', (name, browser) => {
  let host: MockHost;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [SAM], rateLimit: 0 });
    const sam = ownerClient(host.baseUrl, SAM.token);
    for (let i = 1; i <= HELD; i++)
      await sam.createPush({ payload: `held secret ${i}`, name: `Held ${name} ${i}`, expire_after_views: 3 });
  });
  afterAll(() => host?.close());

  it(`lists the ${HELD} pushes an account already holds within 10 s of Connect, without Refresh`, async () => {
    const options = await browser().open('options.html', '#server-choice');
    await options.select('#server-choice', 'self-hosted');
    await options.waitForSelector('#server-url');
    await options.type('#server-url', host.baseUrl);
    await options.type('#api-token', SAM.token);
    await press(options, 'Connect');
    const connected = Date.now();
    await waitForText(options, 'Saved. Pushes now go to this server.');

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
    const link = await createWithPassphrase(browser(), pushName);
    const token = new URL(link).pathname.split('/')[2]!;
    await recordNotifications(browser());

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
    const link = await createWithPassphrase(browser(), pushName);
    const token = new URL(link).pathname.split('/')[2]!;
    // A recipient opens it with the right passphrase: a view, which the watcher notifies.
    const opened = await fetch(`${host.baseUrl}/p/${token}`, {
      method: 'POST',
      headers: { accept: 'text/html' },
      body: new URLSearchParams({ passphrase: 'correct horse' }),
    });
    expect(await opened.text()).toContain(`payroll secret of ${pushName}`);
    const dashboard = await browser().open('dashboard.html', '::-p-aria(Refresh[role="button"])');
    await press(dashboard, 'Refresh');
    await expect
      .poll(() => watchNotifications(browser()), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(`|${token}|`));
    await dashboard.close();

    const [id] = (await watchNotifications(browser())).filter((one) => one.includes(`|${token}|`));
    // What notifications.onClicked calls (lib/watch/background/e2e-hook.ts): no driver clicks a native notification.
    await browser().background((g, clicked) => g.secretPushWatch.notificationClicked(clicked), id!);
    const page = await browser().opened(`${browser().base}/dashboard.html#/push/`);
    await page.waitForFunction(
      (title) => {
        const row = document.activeElement;
        return row?.tagName === 'ARTICLE' && row.querySelector('h3')?.textContent === title;
      },
      { timeout: 10_000 },
      pushName,
    );
    // Read once the page is there (Firefox reports about:blank for a tab still loading).
    expect(await page.evaluate(() => location.hash)).toBe(
      `#/push/${encodeURIComponent(host.baseUrl)}/${token}`,
    );
    const row = await page.waitForSelector(`::-p-aria(${pushName}[role="article"])`);
    expect(await row!.evaluate((el) => el.getAttribute('aria-current'))).toBe('location');
    const details = await row!.waitForSelector('::-p-aria(Details[role="button"])');
    expect(await details!.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('true');
    // Expanded: the row's own actions are shown, and it is on screen.
    expect(
      await row.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      }),
    ).toBe(true);
    expect(await row!.$('::-p-aria(Expire[role="button"])')).not.toBeNull();
  });
});
