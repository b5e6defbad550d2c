/**
 * The recipient's page of the mock service in a plain Chromium (no extension): what a person who got a
 * secret link sees and clicks, checked against the service's API with the owner's token.
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process.
import 'fake-indexeddb/auto';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import type { ApiClient, CreatePushInput } from '../../lib/api';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { ALICE, ownerClient } from '../browser-steps';
import { CHROMIUM, CHROMIUM_ARGS } from './fixtures';

let host: MockHost;
let owner: ApiClient;

// Playwright's own browser and page fixtures, in the machine's Chromium.
test.use({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });
test.beforeEach(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  owner = ownerClient(host.baseUrl);
});
test.afterEach(() => host.close());

const createPush = async (push: CreatePushInput) => (await owner.createPush(push)).push;
const auditKinds = async (urlToken: string) => (await owner.auditAll(urlToken)).map((entry) => entry.kind);
const viewsRemaining = async (urlToken: string) =>
  (await owner.activeAll()).find((push) => push.url_token === urlToken)?.views_remaining;
/** Opens the push's link, as the recipient does, and presses Reveal secret. */
async function reveal(page: Page, push: { html_url: string }) {
  await page.goto(push.html_url);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
}

test('a retrieval-step push counts a view only when the recipient clicks reveal', async ({ page }) => {
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
  const logs = await owner.auditAll(push.url_token);
  expect(logs[1]).toMatchObject({ ip: '127.0.0.1', user_agent: expect.stringContaining('Chrome') });
});

test('a passphrase push asks for the passphrase, refuses a wrong one and opens with the right one', async ({
  page,
}) => {
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

test('a file push offers both files, and each downloads byte for byte', async ({ page }) => {
  const files = [
    { name: 'notes.txt', type: 'text/plain', data: new TextEncoder().encode('line one\nline two\n') },
    {
      name: 'key.bin',
      type: 'application/octet-stream',
      data: new Uint8Array(4096).map((_, i) => (i * 13) % 256),
    },
  ];
  const created = await createPush({
    kind: 'file',
    retrieval_step: true,
    files: files.map((file) => ({ ...file, data: new Blob([file.data], { type: file.type }) })),
  });

  await reveal(page, created);
  for (const file of files) {
    const link = page.getByRole('link', { name: file.name });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(file.name);
    const bytes = await fs.readFile(await download.path());
    expect(Buffer.compare(bytes, Buffer.from(file.data))).toBe(0);
  }
  expect(await auditKinds(created.url_token)).toEqual(['creation', 'view']);
});

test('a qr push shows the code as an svg', async ({ page }) => {
  const push = await createPush({ kind: 'qr', payload: 'WIFI:S:guest;T:WPA;P:letmein;;' });
  await reveal(page, push);
  const qr = page.getByRole('img', { name: 'QR code' });
  await expect(qr.locator('svg')).toBeVisible();
  const box = await qr.locator('svg').boundingBox();
  expect(box?.width).toBeGreaterThan(50);
});

test('a qr push too long for a QR code shows its text with a note, using its one view once', async ({
  page,
}) => {
  const payload = '😀'.repeat(1024);
  const push = await createPush({ kind: 'qr', payload, expire_after_views: 1 });
  await reveal(page, push);
  await expect(page.getByLabel('Secret')).toHaveText(payload);
  await expect(page.getByRole('note')).toContainText('too long to draw as a QR code');
  await expect(page.getByRole('img', { name: 'QR code' })).toHaveCount(0);
  expect(await auditKinds(push.url_token)).toEqual(['creation', 'view']);
});

test('the delete button expires the push on the server', async ({ page }) => {
  const push = await createPush({ payload: 'delete me after reading', deletable_by_viewer: true });
  await reveal(page, push);
  await expect(page.getByLabel('Secret')).toHaveText('delete me after reading');

  await page.getByRole('button', { name: 'Delete this secret' }).click();
  await expect(page.getByRole('heading', { name: 'This secret has been deleted' })).toBeVisible();

  expect(await owner.expiredAll()).toEqual([
    expect.objectContaining({ url_token: push.url_token, expired: true, deleted: true }),
  ]);
  expect(await auditKinds(push.url_token)).toEqual(['creation', 'view', 'expire']);
  expect(await owner.retrievePush(push.url_token)).toMatchObject({ expired: true, payload: null });

  await page.goto(push.html_url);
  await expect(page.getByRole('heading', { name: 'This secret has expired' })).toBeVisible();
});
