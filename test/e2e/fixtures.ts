/**
 * Chromium with the built extension: the launcher of the Playwright specs (Chromium only), of the journeys'
 * Chromium (test/journeys/browsers/chromium.ts) and of the bench; a spec's fixtures (`ext`, its browser, as the
 * journeys reach theirs; `host`, a Node host with ALICE's account; `popup`, the popup opened with that host
 * saved as the server and ALICE's token, where most popup tests start); and the popup's steps.
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process (Vitest's setup file gives them to the unit tests).
import 'fake-indexeddb/auto';
import { test as base, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { ALICE, ownerClient } from '../browser-steps';
import { launchWithExtension } from '../journeys/browsers/chromium';
import { saveServerIn } from '../saved-server';

export { ALICE, ownerClient };
export { CHROMIUM, CHROMIUM_ARGS, launchWithExtension, welcomePage } from '../journeys/browsers/chromium';
export { saveServerIn as useServer } from '../saved-server';

/** One test's Chromium with the extension. */
export interface Ext {
  context: BrowserContext;
  /** The extension's service worker. */
  worker: Worker;
  /** `chrome-extension://<id>`. */
  base: string;
  /** Opens the extension's page `path` (`viewer.html`, `options.html`), or a full URL, in a new tab. */
  open(path: string): Promise<Page>;
  /** Opens the popup as a tab and waits until it is ready. */
  popup(): Promise<Page>;
  /**
   * The real clipboard's text, read in one extension tab kept open for the test and brought to the front.
   * clipboard-read is granted to the context (granting it to the chrome-extension origin alone fails:
   * Playwright calls that origin opaque).
   */
  clipboard(): Promise<string>;
}

export const test = base.extend<{ ext: Ext; host: MockHost; popup: Page }>({
  // eslint-disable-next-line no-empty-pattern
  ext: async ({}, use) => {
    const { context, close } = await launchWithExtension();
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    const open = async (path: string) => {
      const page = await context.newPage();
      await page.goto(new URL(path, `${base}/`).href);
      return page;
    };
    let reader: Page | undefined;
    await use({
      context,
      worker,
      base,
      open,
      popup: async () => popupReady(await open('popup.html')),
      async clipboard() {
        if (!reader) {
          await context.grantPermissions(['clipboard-read']);
          reader = await open('options.html');
        }
        await reader.bringToFront();
        return reader.evaluate(() => navigator.clipboard.readText());
      },
    });
    await close();
  },
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
    await use(host);
    await host.close();
  },
  popup: async ({ ext, host }, use) => {
    await saveServerIn(ext.worker, host.baseUrl, ALICE.token);
    await use(await ext.popup());
  },
});

export const expect = test.expect;

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

/** Every push's views_remaining as the owner's lists on the server say (listing counts no view), by url_token. */
export async function viewsOnServer(baseUrl: string): Promise<Record<string, number>> {
  const owner = ownerClient(baseUrl);
  const all = [...(await owner.activeAll()), ...(await owner.expiredAll())];
  return Object.fromEntries(all.map((push) => [push.url_token, push.views_remaining]));
}

/** Opens a push's link in a new tab, as its recipient does, and presses Reveal secret. */
export async function revealed(ext: Ext, link: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  return page;
}

/** Asks the watcher for a refresh now, as the dashboard's Refresh does, instead of waiting for its alarm. */
export async function refreshWatcher(page: Page): Promise<void> {
  const reply = await page.evaluate(() =>
    chrome.runtime.sendMessage({ channel: 'secret-push', type: 'watch-refresh', data: undefined }),
  );
  expect(reply).toHaveProperty('res');
}
