/**
 * Shared steps of the popup journeys: point the extension at a Node host, open the popup as a tab, fill and
 * send its form, and read a created push back on the server through the API (the check "on the other side").
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process (Vitest's setup file gives them to the unit tests).
import 'fake-indexeddb/auto';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { ALICE, ownerClient, recipientPage } from '../browser-steps';
import { savedServer } from '../saved-server';
import { expect, test as base } from './fixtures';

export { ALICE, expect, ownerClient, recipientPage };

/**
 * The extension's fixtures, and: `host`, a Node host with ALICE's account for this test alone; `popup`, the
 * popup opened with that host saved as the server and ALICE's token (where most popup tests start).
 */
export const test = base.extend<{ host: MockHost; popup: Page }>({
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
    await use(host);
    await host.close();
  },
  popup: async ({ context, extensionId, serviceWorker, host }, use) => {
    await useServer(serviceWorker, host.baseUrl, ALICE.token);
    await use(await openPopup(context, extensionId));
  },
});

/** Saves a self-hosted server (and token) as the options page stores it, from the extension's worker. */
export async function useServer(
  worker: Worker,
  url: string,
  token: string | null,
  edition: 'pro' | 'oss' = 'pro',
) {
  await worker.evaluate((stored) => chrome.storage.local.set(stored), savedServer(url, token, edition));
}

export async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  return popupReady(page);
}

/** Waits as a person does: until the settings (and the organization's policy) are read, the form is pending. */
async function popupReady(page: Page): Promise<Page> {
  await expect(page.getByRole('button', { name: 'Create push' })).toBeVisible();
  await expect(page.getByText('Getting ready…')).toHaveCount(0);
  return page;
}

/** Opens the popup again (it reads the settings as it opens), after a test changed them. */
export async function reopen(page: Page): Promise<Page> {
  await page.reload();
  return popupReady(page);
}

/** Counts the create requests the page sends (POST /api/v2/pushes), to prove nothing is sent twice. */
export function countCreates(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/v2/pushes')) count++;
  });
  return () => count;
}

/** The link shown after a create (as wrapping text since issue 11), and its url_token (`…/p/<token>[/r]`). */
export async function createdLink(page: Page): Promise<{ link: string; urlToken: string }> {
  const field = page.getByRole('textbox', { name: 'Secret link' });
  await expect(field).toBeVisible();
  const link = (await field.textContent()) ?? '';
  const urlToken = /\/p\/([^/#?]+)/.exec(link)?.[1];
  if (!urlToken) throw new Error(`Not a push link: ${link}`);
  return { link, urlToken };
}

/** What a person types or picks in the popup's form; only the fields given are touched. */
export interface FormFields {
  secret?: string;
  passphrase?: string;
  views?: string;
  /** An Expiry choice by its label ("3 days"). */
  expiry?: string;
  /** Under More options. */
  name?: string;
  /** Pressed in the Secret field to create, instead of a click on Create push ("Control+Enter"). */
  keys?: string;
}

/** Fills the popup's form as a person would, then presses Create push (or `keys`); the link shown. */
export async function createIn(page: Page, fields: FormFields) {
  if (fields.secret !== undefined) await page.getByLabel('Secret', { exact: true }).fill(fields.secret);
  if (fields.expiry) await page.getByLabel('Expiry').selectOption({ label: fields.expiry });
  if (fields.views) await page.getByLabel('Views').fill(fields.views);
  if (fields.passphrase) await page.getByLabel('Passphrase', { exact: true }).fill(fields.passphrase);
  if (fields.name) {
    await openMoreOptions(page);
    await page.getByLabel('Name', { exact: true }).fill(fields.name);
  }
  if (fields.keys) await page.getByLabel('Secret', { exact: true }).press(fields.keys);
  else await page.getByRole('button', { name: 'Create push' }).click();
  return createdLink(page);
}

export async function openMoreOptions(page: Page) {
  const summary = page.getByText('More options');
  const details = page.locator('details', { has: summary });
  if (!(await details.evaluate((el) => (el as HTMLDetailsElement).open))) await summary.click();
}

/** Asks the watcher for a refresh now, as the dashboard's Refresh does, instead of waiting for its alarm. */
export async function refreshWatcher(page: Page): Promise<void> {
  const reply = await page.evaluate(() =>
    chrome.runtime.sendMessage({ channel: 'secret-push', type: 'watch-refresh', data: undefined }),
  );
  expect(reply).toHaveProperty('res');
}
