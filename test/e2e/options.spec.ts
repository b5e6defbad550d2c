/**
 * The options page as a person uses it: choose a self-hosted server, type a token, save, test the
 * connection, make mistakes, and switch demo mode. Needs a build made with SECRET_PUSH_E2E=1 (wxt.config.ts):
 * Playwright cannot click Chromium's host-permission prompt, so that build grants http://127.0.0.1/* at
 * install and the request made on Save resolves without a prompt.
 */
// startMockHost's store (idb) checks `instanceof IDBRequest`, a global that only Vitest's setup file
// provides; Playwright's Node process needs it too (reported to the host helper).
import 'fake-indexeddb/auto';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { expect, test } from './fixtures';

let host: MockHost;

test.beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [{ email: 'alice@example.com', token: 'alice-token' }] });
});

test.afterAll(async () => {
  await host.close();
});

async function openOptions(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  return page;
}

async function saveSelfHosted(page: Page, url: string, token: string) {
  await page.getByRole('combobox', { name: 'Server', exact: true }).selectOption({ label: 'Self-hosted…' });
  await page.getByLabel('Server URL').fill(url);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** What the extension keeps, read in its own worker: the check "on the other side" of the screen. */
function stored(serviceWorker: Worker) {
  return serviceWorker.evaluate(() => chrome.storage.local.get(['server', 'demoMode', 'token']));
}

const demoSwitch = (page: Page) => page.getByRole('switch', { name: 'Demo mode' });
const banner = (page: Page) => page.getByText('Demo mode is on — pushes stay in this browser.');

test('saves a self-hosted server with a token, and Test connection shows its edition', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  const page = await openOptions(context, extensionId);
  await expect(demoSwitch(page)).toHaveAttribute('aria-checked', 'true');
  await expect(banner(page)).toBeVisible();

  await saveSelfHosted(page, `${host.baseUrl}/`, 'alice-token');

  await expect(page.getByText('Saved. Pushes now go to this server.')).toBeVisible();
  await expect(page.getByText('Token accepted')).toBeVisible();
  await expect(demoSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await expect(banner(page)).toBeHidden();
  expect(await stored(serviceWorker)).toEqual({
    server: { kind: 'self-hosted', url: host.baseUrl, edition: 'pro' },
    demoMode: false,
    token: 'alice-token',
  });

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('The connection works.')).toBeVisible();
  await expect(page.getByText(/^Edition: Pro edition, version \S+ \(API \S+\)$/)).toBeVisible();
  await expect(page.getByText('Token accepted')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Server URL')).toHaveValue(host.baseUrl);
  await expect(page.getByLabel('API token')).toHaveValue('alice-token');
});

test('a wrong URL and a wrong token each show their message and keep the earlier settings', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  const page = await openOptions(context, extensionId);
  await saveSelfHosted(page, host.baseUrl, 'alice-token');
  await expect(page.getByText('Saved. Pushes now go to this server.')).toBeVisible();
  const earlier = await stored(serviceWorker);

  await page.getByLabel('Server URL').fill('http://pwpush.example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Not saved: Use https:\/\/\./);
  await expect(page.locator('#server-url-error')).toHaveText(
    'Use https://. Plain http:// is allowed only for localhost and 127.0.0.1.',
  );
  await expect(page.getByLabel('Server URL')).toHaveValue('http://pwpush.example.com'); // what was typed stays
  expect(await stored(serviceWorker)).toEqual(earlier);

  await page.getByLabel('Server URL').fill(host.baseUrl);
  await page.getByLabel('API token').fill('wrong-token');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Not saved: Your API token was rejected — open Settings and check it.',
  );
  await expect(page.getByLabel('API token')).toHaveValue('wrong-token');
  expect(await stored(serviceWorker)).toEqual(earlier);

  await page.reload();
  await expect(page.getByLabel('Server URL')).toHaveValue(host.baseUrl);
  await expect(page.getByLabel('API token')).toHaveValue('alice-token');
});

test('demo mode can be turned back on, keeps the saved server, and off again uses it', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  const page = await openOptions(context, extensionId);
  await demoSwitch(page).click();
  await expect(page.getByText('Save a server first: demo mode stays on until one is saved.')).toBeVisible();
  await expect(demoSwitch(page)).toHaveAttribute('aria-checked', 'true');

  await saveSelfHosted(page, host.baseUrl, 'alice-token');
  await expect(demoSwitch(page)).toHaveAttribute('aria-checked', 'false');

  await demoSwitch(page).click();
  await expect(demoSwitch(page)).toHaveAttribute('aria-checked', 'true');
  await expect(banner(page)).toBeVisible();
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByLabel('Server URL')).toHaveValue(host.baseUrl);
  expect((await stored(serviceWorker)).server).toMatchObject({ url: host.baseUrl });

  await demoSwitch(page).click();
  await expect(demoSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await expect(banner(page)).toBeHidden();
  expect(await stored(serviceWorker)).toMatchObject({ demoMode: false, server: { url: host.baseUrl } });
});
