/**
 * Shared steps of the popup journeys: point the extension at a Node host, open the popup as a tab, and read
 * a created push back on the server through the API (the check "on the other side").
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process (Vitest's setup file gives them to the unit tests).
import 'fake-indexeddb/auto';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ALICE, ownerClient, recipientPage } from '../browser-steps';
import { savedServer } from '../saved-server';
import { expect } from './fixtures';

export { ALICE, ownerClient, recipientPage };

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
  await expect(page.getByRole('button', { name: 'Create push' })).toBeVisible();
  // As a person waits: until the settings (and the organization's policy) are read, the form is pending.
  await expect(page.getByText('Getting ready…')).toHaveCount(0);
  return page;
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
