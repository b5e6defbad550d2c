/**
 * The popup when the server fails (issue 9, "Fuzz and faults"): the browser's own request interception breaks
 * the first create in one way or another, before it reaches the real Node host behind it. Each time the person
 * reads what happened in their own words, nothing they typed is lost, and pressing Create again once the
 * server is back makes exactly one push. Timeouts and malformed answers are covered over real HTTP in
 * test/service/faults.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from '@playwright/test';
import { countCreates, createdLink, expect, ownerClient, test } from './fixtures';

/**
 * Answers half a 201 and cuts the connection: a reset before any answer would be re-sent by Chromium itself,
 * on a fresh connection, which is not the client sending twice.
 */
async function cutMidAnswer(route: Route) {
  const server = http.createServer((req) => {
    req.socket.write(
      'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"url',
    );
    req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await route.continue({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/pushes` });
  server.close();
}

const FAULTS: Array<[string, (route: Route) => Promise<void>, RegExp]> = [
  [
    'a 500',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    /server had a problem \(HTTP 500\)/,
  ],
  [
    'a 502 with an HTML body',
    (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
    /HTTP 502/,
  ],
  [
    'a 429 with Retry-After',
    (route) =>
      route.fulfill({
        status: 429,
        contentType: 'text/plain',
        headers: { 'retry-after': '120' },
        body: 'Retry later',
      }),
    /too many requests\. Try again in 120 seconds/,
  ],
  ['a connection reset mid-answer', cutMidAnswer, /could not be reached/],
];

for (const [name, breakIt, words] of FAULTS) {
  test(`${name}: the popup says so, keeps the form, and one more try makes one push`, async ({
    popup: page,
    host,
  }) => {
    const creates = countCreates(page);
    // The first create only: the server is back for the next try.
    let broken = false;
    await page.route(`${host.baseUrl}/api/v2/pushes*`, (route) =>
      route.request().method() !== 'POST' || broken ? route.continue() : ((broken = true), breakIt(route)),
    );

    await page.getByLabel('Secret', { exact: true }).fill('kept through a fault');
    await page.getByLabel('Passphrase', { exact: true }).fill('kept-pass');
    await page.getByRole('button', { name: 'Create push' }).click();

    await expect(page.getByRole('alert').filter({ hasText: words })).toBeVisible();
    await expect(page.getByLabel('Secret', { exact: true })).toHaveValue('kept through a fault');
    await expect(page.getByLabel('Passphrase', { exact: true })).toHaveValue('kept-pass');
    expect(creates()).toBe(1);
    const client = ownerClient(host.baseUrl);
    expect(await client.activeAll()).toHaveLength(0);

    await page.getByRole('button', { name: 'Create push' }).click();
    const { urlToken } = await createdLink(page);
    expect(creates()).toBe(2);
    expect((await client.activeAll()).map((push) => push.url_token)).toEqual([urlToken]);
  });
}
