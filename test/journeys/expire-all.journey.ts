/**
 * Expire everything (issue 39 §3) against two Node hosts, each behind its recorder (recorded-host.ts): 40
 * pushes made on two servers are all expired from the dashboard's "Expire everything…", one server answering
 * 429 (Retry-After) once, the dashboard closed while the run waits it out; then each host holds no live
 * push, each push reached its host's DELETE once, and the reopened dashboard shows the result. Then the
 * popup's menu: "Expire everything I pushed in the last hour".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachBrowser } from './browsers';
import { createPush } from './secrets/form';
import { startRecordedHost, type RecordedHost } from './recorded-host';
import { ALICE, openPopup, ownerClient, press, waitForText } from './steps';

const BEA = { email: 'bea@example.com', token: 'bea-token-expire-39' };
const EACH = 20;
const DELETE_PATH = /^\/api\/v2\/pushes\/([a-z0-9_-]+?)(?:\.json)?$/i;

/** Both servers saved, A the default, each with its own account's token, as the options page stores them. */
function twoServers(a: string, b: string) {
  const server = (url: string) => ({ kind: 'self-hosted', url, edition: 'pro', tokenPlace: 'device' });
  return {
    server: { defaultUrl: a, servers: [server(a), server(b)] },
    server$: { v: 2 },
    serverTokens: {
      [a]: { value: ALICE.token, origin: new URL(a).origin },
      [b]: { value: BEA.token, origin: new URL(b).origin },
    },
    demoMode: false,
  };
}

/** The url_tokens whose DELETE reached the mock behind `host` (not the ones its recorder answered itself). */
function deletesReaching(host: RecordedHost, answered: string[]): string[] {
  const tokens = host.received
    .filter((request) => request.method === 'DELETE')
    .map((request) => DELETE_PATH.exec(request.path)?.[1] ?? request.path);
  for (const token of answered) tokens.splice(tokens.indexOf(token), 1);
  return tokens.sort();
}

forEachBrowser('expire everything', (_name, browser) => {
  let a: RecordedHost;
  let b: RecordedHost;
  const made: Record<'a' | 'b', string[]> = { a: [], b: [] };
  /** DELETEs host B's recorder answered with a 429 itself. */
  const limited: string[] = [];

  beforeAll(async () => {
    a = await startRecordedHost({ users: [ALICE] });
    b = await startRecordedHost({ users: [BEA] });
    for (let i = 1; i <= EACH; i++) {
      made.a.push(
        (await ownerClient(a.baseUrl).createPush({ payload: `a secret ${i}`, name: `A ${i}` })).push
          .url_token,
      );
      made.b.push(
        (await ownerClient(b.baseUrl, BEA.token).createPush({ payload: `b secret ${i}`, name: `B ${i}` }))
          .push.url_token,
      );
    }
    // Host B limits the first DELETE it receives: 429, Retry-After 3 s, answered before the mock sees it.
    b.answer = (request: IncomingMessage, response: ServerResponse) => {
      if (request.method !== 'DELETE' || limited.length > 0) return false;
      limited.push(DELETE_PATH.exec(request.url ?? '')?.[1] ?? '');
      request.resume();
      response
        .writeHead(429, {
          'Content-Type': 'text/plain',
          'Retry-After': '3',
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Expose-Headers': 'Retry-After',
        })
        .end('Retry later');
      return true;
    };
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it(`Expire everything… in the dashboard: the confirm names ${2 * EACH} pushes and both servers; one 429 is waited out while the dashboard is closed; every push is expired on its server with one DELETE each, and the reopened dashboard shows the result`, async () => {
    await browser().background(
      (g, stored) => g.chrome.storage.local.set(stored),
      twoServers(a.baseUrl, b.baseUrl),
    );
    // The watcher reads both new accounts at once; the dashboard lists their pushes.
    const dashboard = await browser().open('dashboard.html', 'main');
    const opener = '::-p-aria(Expire everything…[role="button"])';
    await dashboard.waitForFunction(
      (total: number) =>
        document.querySelectorAll('ul[aria-label="Pushes"] > li').length > 0 &&
        document.querySelector('ul[aria-label="Pushes"] > li')?.getAttribute('aria-setsize') ===
          String(total) &&
        !(document.getElementById('expire-all-open') as HTMLButtonElement | null)?.disabled,
      { timeout: 30_000, polling: 100 },
      2 * EACH,
    );

    await dashboard.click(opener);
    const dialog = await dashboard.waitForSelector('dialog[open]');
    // The window first: the last hour holds all 40 (made just now).
    const message = await dialog.evaluate((d) => d.querySelector('#confirm-message')?.textContent ?? '');
    expect(message).toContain(`${2 * EACH} pushes on`);
    expect(message).toContain(a.name);
    expect(message).toContain(b.name);
    // Focus starts on Cancel, as in every question of the page.
    expect(await dashboard.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await press(dashboard, `Expire ${2 * EACH} pushes`);
    await dashboard.waitForFunction(
      () =>
        /Expire everything started: 40 in all/.test(document.getElementById('sp-live')?.textContent ?? ''),
      { timeout: 15_000, polling: 50 },
    );
    // Focus went back to the button that asked.
    expect(await dashboard.evaluate(() => document.activeElement?.id)).toBe('expire-all-open');

    // Host B's 429: the run says it waits, with some pushes done and some to go; the dashboard is closed then.
    await waitForText(dashboard, 'The server asked to wait', 30_000);
    const progress = await dashboard.$eval('.expire-all', (el) => (el as HTMLElement).innerText);
    const [, done, total] = /Expiring everything: (\d+) of (\d+)/.exec(progress) ?? [];
    expect(Number(total)).toBe(2 * EACH);
    expect(Number(done)).toBeLessThan(2 * EACH);
    await dashboard.close();

    // The background carries on: every push of both accounts ends expired on its own server.
    const aliceA = ownerClient(a.baseUrl);
    const beaB = ownerClient(b.baseUrl, BEA.token);
    await expect
      .poll(async () => (await aliceA.activeAll()).length + (await beaB.activeAll()).length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(0);
    expect((await aliceA.expiredAll()).map((push) => push.url_token).sort()).toEqual([...made.a].sort());
    expect((await beaB.expiredAll()).map((push) => push.url_token).sort()).toEqual([...made.b].sort());
    // One DELETE each reached the mock: the limited one was asked again after its wait, nothing twice.
    expect(limited).toHaveLength(1);
    expect(made.b).toContain(limited[0]);
    expect(deletesReaching(a, [])).toEqual([...made.a].sort());
    expect(deletesReaching(b, limited)).toEqual([...made.b].sort());

    // The dashboard opened again shows the result.
    const again = await browser().open('dashboard.html', 'main');
    await waitForText(again, `Expire everything: ${2 * EACH} of ${2 * EACH} expired.`, 30_000);
    await press(again, 'Dismiss');
    await again.waitForHidden('.expire-all');
    await again.close();
  });

  it("the popup's More menu: Expire everything I pushed in the last hour names the count and its server, and the push is expired on the server", async () => {
    const popup = await openPopup(browser());
    const { urlToken } = await createPush(popup, {
      secret: 'a secret from the popup',
      name: 'From the popup',
    });
    await popup.close();

    const menu = await openPopup(browser());
    await press(menu, 'More');
    await press(menu, 'Expire everything I pushed in the last hour');
    await waitForText(menu, `1 push on ${a.name} stops working at once for everyone.`);
    await menu.waitForFunction(() => document.activeElement?.textContent === 'Cancel', {
      timeout: 5_000,
      polling: 100,
    });
    await press(menu, 'Expire 1 push');
    await waitForText(menu, 'Expire everything: 1 of 1 expired.', 30_000);
    // Said once through the live region (after its short gap), and not replaced by the start's words.
    await menu.waitForFunction(
      () => document.getElementById('sp-live')?.textContent === 'Expire everything: 1 of 1 expired.',
      { timeout: 5_000, polling: 50 },
    );
    await menu.close();

    const aliceA = ownerClient(a.baseUrl);
    expect((await aliceA.activeAll()).map((push) => push.url_token)).toEqual([]);
    expect((await aliceA.expiredAll()).map((push) => push.url_token)).toContain(urlToken);
    expect(deletesReaching(a, []).filter((token) => token === urlToken)).toEqual([urlToken]);
  });
});
