/**
 * The recipient's page of the mock service in a plain Chromium (no extension): what a person who got a
 * secret link sees and clicks, checked against the service's API with the owner's token.
 */
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { CHROMIUM, CHROMIUM_ARGS } from './fixtures';

const OWNER = { email: 'owner@example.com', token: 'owner-token-0123456789' };

let browser: Browser;
let host: MockHost;
let page: Page;

test.beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
});
test.afterAll(async () => {
  await browser.close();
});
test.beforeEach(async () => {
  host = await startMockHost({ port: 0, users: [OWNER], rateLimit: 0 });
  page = await browser.newPage({ acceptDownloads: true });
});
test.afterEach(async () => {
  await page.close();
  await host.close();
});

async function api(method: string, path: string, init: { json?: unknown; body?: FormData } = {}) {
  const response = await fetch(host.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${OWNER.token}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function createPush(push: Record<string, unknown>) {
  const created = await api('POST', '/api/v2/pushes', { json: { push } });
  expect(created.status).toBe(201);
  return created.body as { url_token: string; html_url: string };
}

async function auditKinds(urlToken: string): Promise<string[]> {
  const audit = await api('GET', `/api/v2/pushes/${urlToken}/audit`);
  return audit.body.logs.map((entry: { kind: string }) => entry.kind);
}

async function viewsRemaining(urlToken: string): Promise<number> {
  const active = await api('GET', '/api/v2/pushes/active');
  const push = active.body.find((p: { url_token: string }) => p.url_token === urlToken);
  return push.views_remaining;
}

test('a retrieval-step push counts a view only when the recipient clicks reveal', async () => {
  const push = await createPush({ payload: 'db password: hunter2', retrieval_step: true });
  expect(push.html_url).toBe(`${host.baseUrl}/p/${push.url_token}/r`);

  await page.goto(push.html_url);
  const reveal = page.getByRole('button', { name: 'Reveal secret' });
  await expect(reveal).toBeVisible();
  await expect(page.getByText('hunter2')).toHaveCount(0);
  expect(await auditKinds(push.url_token)).toEqual(['creation']);
  expect(await viewsRemaining(push.url_token)).toBe(5);

  await reveal.click();
  await expect(page.getByLabel('Secret')).toHaveText('db password: hunter2');
  expect(await auditKinds(push.url_token)).toEqual(['creation', 'view']);
  expect(await viewsRemaining(push.url_token)).toBe(4);
  const { logs } = (await api('GET', `/api/v2/pushes/${push.url_token}/audit`)).body;
  expect(logs[1]).toMatchObject({ ip: '127.0.0.1', user_agent: expect.stringContaining('Chrome') });
});

test('a passphrase push asks for the passphrase, refuses a wrong one and opens with the right one', async () => {
  const push = await createPush({
    payload: 'behind a passphrase',
    passphrase: 'open sesame',
    retrieval_step: false,
  });

  await page.goto(push.html_url);
  const field = page.getByLabel('Passphrase');
  await expect(field).toBeVisible();
  await field.fill('open barley');
  await page.getByRole('button', { name: 'Unlock secret' }).click();
  await expect(page.getByRole('alert')).toHaveText('That passphrase is incorrect.');
  await expect(page.getByText('behind a passphrase')).toHaveCount(0);
  expect(await viewsRemaining(push.url_token)).toBe(5);

  await page.getByLabel('Passphrase').fill('open sesame');
  await page.getByRole('button', { name: 'Unlock secret' }).click();
  await expect(page.getByLabel('Secret')).toHaveText('behind a passphrase');
  expect(await auditKinds(push.url_token)).toEqual(['creation', 'failed_passphrase', 'view']);
  expect(await viewsRemaining(push.url_token)).toBe(4);
});

test('a file push offers both files, and each downloads byte for byte', async () => {
  const files = [
    { name: 'notes.txt', type: 'text/plain', data: new TextEncoder().encode('line one\nline two\n') },
    {
      name: 'key.bin',
      type: 'application/octet-stream',
      data: new Uint8Array(4096).map((_, i) => (i * 13) % 256),
    },
  ];
  const form = new FormData();
  form.append('push[kind]', 'file');
  form.append('push[retrieval_step]', 'true');
  for (const file of files)
    form.append('push[files][]', new Blob([file.data], { type: file.type }), file.name);
  const created = await api('POST', '/api/v2/pushes', { body: form });
  expect(created.status).toBe(201);

  await page.goto(created.body.html_url);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  for (const file of files) {
    const link = page.getByRole('link', { name: file.name });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(file.name);
    const bytes = await fs.readFile(await download.path());
    expect(Buffer.compare(bytes, Buffer.from(file.data))).toBe(0);
  }
  expect(await auditKinds(created.body.url_token)).toEqual(['creation', 'view']);
});

test('a qr push shows the code as an svg', async () => {
  const push = await createPush({ kind: 'qr', payload: 'WIFI:S:guest;T:WPA;P:letmein;;' });
  await page.goto(push.html_url);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  const qr = page.getByRole('img', { name: 'QR code' });
  await expect(qr.locator('svg')).toBeVisible();
  const box = await qr.locator('svg').boundingBox();
  expect(box?.width).toBeGreaterThan(50);
});

test('a qr push too long for a QR code shows its text with a note, using its one view once', async () => {
  const payload = '😀'.repeat(1024);
  const push = await createPush({ kind: 'qr', payload, expire_after_views: 1 });
  await page.goto(push.html_url);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(page.getByLabel('Secret')).toHaveText(payload);
  await expect(page.getByRole('note')).toContainText('too long to draw as a QR code');
  await expect(page.getByRole('img', { name: 'QR code' })).toHaveCount(0);
  expect(await auditKinds(push.url_token)).toEqual(['creation', 'view']);
});

test('the delete button expires the push on the server', async () => {
  const push = await createPush({ payload: 'delete me after reading', deletable_by_viewer: true });
  await page.goto(push.html_url);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(page.getByLabel('Secret')).toHaveText('delete me after reading');

  await page.getByRole('button', { name: 'Delete this secret' }).click();
  await expect(page.getByRole('heading', { name: 'This secret has been deleted' })).toBeVisible();

  const expired = await api('GET', '/api/v2/pushes/expired');
  expect(expired.body).toEqual([
    expect.objectContaining({ url_token: push.url_token, expired: true, deleted: true }),
  ]);
  expect(await auditKinds(push.url_token)).toEqual(['creation', 'view', 'expire']);
  const shown = await api('GET', `/api/v2/pushes/${push.url_token}`);
  expect(shown.body).toMatchObject({ expired: true, payload: null });

  await page.goto(push.html_url);
  await expect(page.getByRole('heading', { name: 'This secret has expired' })).toBeVisible();
});
