/**
 * The popup when the server fails (issue 9, "Fuzz and faults"): in front of a real Node host sits a proxy
 * that breaks the first create in one way or another. Each time the person reads what happened in their
 * own words, nothing they typed is lost, and pressing Create again once the server is back makes exactly
 * one push. Timeouts and malformed answers are covered over real HTTP in test/service/faults.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { expect, test } from './fixtures';
import { ALICE, countCreates, createdLink, openPopup, ownerClient, useServer } from './popup-support';

type Fault = (res: http.ServerResponse, req: http.IncomingMessage) => void;

let host: MockHost;
let proxy: http.Server;
let proxyUrl: string;
/** The fault for the next create; null passes everything through to the host. */
let fault: Fault | null;

/** Forwards a request to the host as it came, and its answer back. */
async function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
  ) as Record<string, string>;
  const answer = await fetch(host.baseUrl + req.url, {
    method: req.method,
    headers,
    body: body.length > 0 ? new Uint8Array(body) : undefined,
  });
  // The links the host writes point at the proxy, the server the extension knows.
  const text = (await answer.text()).replaceAll(host.baseUrl, proxyUrl);
  const {
    'content-length': _length,
    'content-encoding': _encoding,
    ...rest
  } = Object.fromEntries(answer.headers);
  res.writeHead(answer.status, rest);
  res.end(text);
}

test.beforeEach(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  fault = null;
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const isCreate = req.method === 'POST' && req.url?.startsWith('/api/v2/pushes');
      if (isCreate && fault) {
        const once = fault;
        fault = null; // the server is back for the next try
        once(res, req);
        return;
      }
      forward(req, res, Buffer.concat(chunks)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
test.afterEach(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await host.close();
});

const FAULTS: Array<[string, Fault, RegExp]> = [
  [
    'a 500',
    (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}'),
    /server had a problem \(HTTP 500\)/,
  ],
  [
    'a 502 with an HTML body',
    (res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>'),
    /HTTP 502/,
  ],
  [
    'a 429 with Retry-After',
    (res) => res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '120' }).end('Retry later'),
    /too many requests\. Try again in 120 seconds/,
  ],
  [
    // Cut in the middle of the answer: a reset before any answer would be re-sent by Chromium itself, on
    // a fresh connection, which is not the client sending twice.
    'a connection reset mid-answer',
    (_, req) => {
      req.socket.write(
        'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"url',
      );
      req.socket.destroy();
    },
    /could not be reached/,
  ],
];

for (const [name, breakIt, words] of FAULTS) {
  test(`${name}: the popup says so, keeps the form, and one more try makes one push`, async ({
    context,
    extensionId,
    serviceWorker,
  }) => {
    await useServer(serviceWorker, proxyUrl, ALICE.token);
    const page = await openPopup(context, extensionId);
    const creates = countCreates(page);
    fault = breakIt;

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
