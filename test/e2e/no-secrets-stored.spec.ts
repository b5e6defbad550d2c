/**
 * No payload or passphrase is ever kept by the extension: in one browser, create pushes with distinctive
 * secrets, then read everything the extension stores (chrome.storage local/session/sync from the worker,
 * and every IndexedDB database of its origin but the demo service's own 'secret-push-mock') and look for
 * them. Needs a build made with SECRET_PUSH_E2E=1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import type { QuickPushHandlers } from '../../lib/quick-push/background';
import { MENU_IDS } from '../../lib/quick-push/menus';
import type { QuickPushOutcome } from '../../lib/quick-push/types';
import { expect, test } from './fixtures';
import { ALICE, createdLink, openPopup, useServer } from './popup-support';

let host: MockHost;

test.beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
});
test.afterAll(async () => {
  await host.close();
});

/** Every storage area, as JSON text. */
function dumpStorage(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    const [local, session, sync] = await Promise.all([
      chrome.storage.local.get(null),
      chrome.storage.session.get(null),
      chrome.storage.sync.get(null),
    ]);
    return JSON.stringify({ local, session, sync });
  });
}

/**
 * Every record of every IndexedDB database of the extension's origin except the demo service's, as text.
 * Binary values (Blob, ArrayBuffer, typed arrays) are decoded as UTF-8 so a file's bytes would show too.
 */
function dumpIndexedDb(page: Page): Promise<{ names: string[]; text: string }> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const all = (db: IDBDatabase, store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const decode = new TextDecoder();
    const flatten = async (value: unknown): Promise<unknown> => {
      if (value instanceof Blob) return decode.decode(await value.arrayBuffer());
      if (value instanceof ArrayBuffer) return decode.decode(value);
      if (ArrayBuffer.isView(value)) return decode.decode(value);
      if (Array.isArray(value)) return Promise.all(value.map(flatten));
      if (value && typeof value === 'object') {
        const out: Record<string, unknown> = {};
        for (const [key, inner] of Object.entries(value)) out[key] = await flatten(inner);
        return out;
      }
      return value;
    };
    const names = (await indexedDB.databases())
      .map((info) => info.name!)
      .filter((name) => name !== 'secret-push-mock');
    const dump: Record<string, Record<string, unknown>> = {};
    for (const name of names) {
      const db = await open(name);
      dump[name] = {};
      for (const store of db.objectStoreNames) dump[name][store] = await flatten(await all(db, store));
      db.close();
    }
    return { names, text: JSON.stringify(dump) };
  });
}

/**
 * Quick pushes (lib/quick-push), through the handlers the context menu, the keyboard shortcut and the
 * notification's "Try again" call (a worker global in the SECRET_PUSH_E2E=1 build): a selection from the
 * menu, a selection read from a page by the shortcut, an image fetched by the extension, and a failed push
 * that storage.session holds until "Try again" sends it. Returns the secrets used and the url_tokens made.
 */
async function createQuickPushes(context: BrowserContext, worker: Worker) {
  const menuText = 'zq-quick-menu-9a4e';
  const shortcutText = 'zq-quick-shortcut-2f6b';
  const imageBytes = 'zq-quick-image-71d4';
  const retryText = 'zq-quick-retry-c81d';
  const site = http.createServer((request, response) => {
    if (request.url === '/img.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(imageBytes);
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Notes</title><p id="secret">${shortcutText}</p>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  type Hook = { secretPushQuickPush: QuickPushHandlers };
  const menu = (info: { menuItemId: string; selectionText?: string; srcUrl?: string }, tabId?: number) =>
    worker.evaluate(
      ({ info, tabId }) =>
        (globalThis as unknown as Hook).secretPushQuickPush.menuClicked(
          info,
          tabId === undefined ? undefined : { id: tabId },
        ),
      { info, tabId },
    );
  const pushed = (outcome: QuickPushOutcome | undefined) => {
    if (outcome?.status !== 'pushed') throw new Error(`quick push failed: ${outcome?.message}`);
    return new URL(outcome.link).pathname.split('/')[2]!;
  };
  try {
    const urlTokens = [pushed(await menu({ menuItemId: MENU_IDS.selection, selectionText: menuText }))];

    const page = await context.newPage();
    await page.goto(`${siteUrl}/notes.html`);
    await page.locator('#secret').selectText();
    const tabId = await worker.evaluate(
      async (url) => (await chrome.tabs.query({ url: `${url}/*` }))[0]!.id!,
      siteUrl,
    );
    urlTokens.push(
      pushed(
        await worker.evaluate(
          (tabId) =>
            (globalThis as unknown as Hook).secretPushQuickPush.command('push-selection', { id: tabId }),
          tabId,
        ),
      ),
    );
    urlTokens.push(pushed(await menu({ menuItemId: MENU_IDS.image, srcUrl: `${siteUrl}/img.png` }, tabId)));
    await page.close();

    // A rejected token makes the push fail; its text waits in storage.session for "Try again" only.
    await useServer(worker, host.baseUrl, 'zq-wrong-token-0000');
    const failed = await menu({ menuItemId: MENU_IDS.selection, selectionText: retryText });
    expect(failed.status).toBe('failed');
    expect(
      await worker.evaluate(async () => JSON.stringify(await chrome.storage.session.get(null))),
    ).toContain(retryText);
    await useServer(worker, host.baseUrl, ALICE.token);
    urlTokens.push(
      pushed(
        await worker.evaluate(
          (id) => (globalThis as unknown as Hook).secretPushQuickPush.tryAgain(id),
          failed.notificationId,
        ),
      ),
    );
    return { secrets: [menuText, shortcutText, imageBytes, retryText], urlTokens };
  } finally {
    // Chromium keeps its keep-alive connections open; without this, close() waits for them (about 100 s).
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  }
}

test('payloads and passphrases are in no storage and no database of the extension', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  /** Every payload and passphrase used below; each must be absent from the dumps. */
  const secrets: string[] = [];
  const urlTokens: string[] = [];

  // Popup: a text push with a passphrase.
  const popup = await openPopup(context, extensionId);
  const text = { payload: 'zq-text-payload-8d1c', passphrase: 'zq-passphrase-55e2' };
  await popup.getByLabel('Secret', { exact: true }).fill(text.payload);
  await popup.getByLabel('Passphrase', { exact: true }).fill(text.passphrase);
  await popup.getByRole('button', { name: 'Create push' }).click();
  urlTokens.push((await createdLink(popup)).urlToken);
  secrets.push(text.payload, text.passphrase);

  // Popup: a file push (its bytes are the secret).
  await popup.getByRole('button', { name: 'New push' }).click();
  const fileBody = 'zq-file-body-0b7f';
  const filePassphrase = 'zq-file-passphrase-a91e';
  await popup.getByRole('tab', { name: 'Files' }).click();
  await popup
    .getByRole('button', { name: 'Files', exact: true })
    .setInputFiles([{ name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from(fileBody) }]);
  await popup.getByLabel('Passphrase', { exact: true }).fill(filePassphrase);
  await popup.getByRole('button', { name: 'Create push' }).click();
  urlTokens.push((await createdLink(popup)).urlToken);
  secrets.push(fileBody, filePassphrase);

  // Popup: a QR push.
  await popup.getByRole('button', { name: 'New push' }).click();
  const qr = 'zq-qr-payload-6c3d';
  await popup.getByRole('tab', { name: 'QR code' }).click();
  await popup.getByLabel('Secret', { exact: true }).fill(qr);
  await popup.getByRole('button', { name: 'Create push' }).click();
  urlTokens.push((await createdLink(popup)).urlToken);
  secrets.push(qr);

  // Quick push (context menu, keyboard shortcut, image, "Try again" after a failure).
  const quick = await createQuickPushes(context, serviceWorker);
  secrets.push(...quick.secrets);
  urlTokens.push(...quick.urlTokens);

  // The popup closes: a person's next step would be to close it; the form must not have been saved.
  await popup.close();

  const storage = await dumpStorage(serviceWorker);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const databases = await dumpIndexedDb(page);

  // The dumps are real: the watcher's database holds the created pushes (by url_token, without secrets).
  expect(databases.names).toContain('secret-push');
  for (const urlToken of urlTokens) expect(databases.text).toContain(urlToken);
  expect(storage).toContain(host.baseUrl);

  for (const secret of secrets) {
    expect(storage, `storage holds ${secret}`).not.toContain(secret);
    expect(databases.text, `IndexedDB holds ${secret}`).not.toContain(secret);
  }
});
