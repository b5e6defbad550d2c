/**
 * No payload or passphrase is ever kept by the extension: in one browser, go through every journey with
 * distinctive secrets (each popup kind, a Wi-Fi QR, a create refused with a 422, one cancelled and one that
 * fails, every quick push, and the same again in demo mode), then read everything the extension stores
 * (chrome.storage local/session/sync from the worker, and every IndexedDB database of its origin but the
 * demo service's own 'secret-push-mock') and look for them. Needs a build made with SECRET_PUSH_E2E=1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import type { QuickPushHandlers } from '../../lib/quick-push/background';
import { MENU_IDS } from '../../lib/quick-push/menus';
import type { QuickPushOutcome } from '../../lib/quick-push/types';
import { expect, test } from './fixtures';
import { ALICE, createdLink, openMoreOptions, openPopup, useServer } from './popup-support';

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

type Hook = { secretPushQuickPush: QuickPushHandlers };
type MenuInfo = {
  menuItemId: string;
  selectionText?: string;
  linkUrl?: string;
  pageUrl?: string;
  srcUrl?: string;
};

/** What contextMenus.onClicked would do for this click (the SECRET_PUSH_E2E=1 build's worker global). */
function menu(worker: Worker, info: MenuInfo, tabId?: number): Promise<QuickPushOutcome> {
  return worker.evaluate(
    ({ info, tabId }) =>
      (globalThis as unknown as Hook).secretPushQuickPush.menuClicked(
        info,
        tabId === undefined ? undefined : { id: tabId },
      ),
    { info, tabId },
  );
}

/** The url_token of a quick push's link (`…/p/<token>/r`, or the demo viewer's `viewer.html#/p/<token>`). */
function pushed(outcome: QuickPushOutcome | undefined): string {
  if (outcome?.status !== 'pushed') throw new Error(`quick push failed: ${outcome?.message}`);
  const urlToken = /\/p\/([^/#?]+)/.exec(outcome.link)?.[1];
  if (!urlToken) throw new Error(`Not a push link: ${outcome.link}`);
  return urlToken;
}

/** "Push selected text", "Push this link" and "Push this page's URL", each with its own secret. */
async function menuPushes(worker: Worker, tag: string) {
  const selection = `zq-${tag}-menu-selection-9a4e`;
  const link = `https://zq-${tag}-menu-link-5b2c.example/invite?code=1`;
  const page = `https://zq-${tag}-menu-page-3d8f.example/admin`;
  const urlTokens = [
    pushed(await menu(worker, { menuItemId: MENU_IDS.selection, selectionText: selection })),
    pushed(await menu(worker, { menuItemId: MENU_IDS.link, linkUrl: link, pageUrl: 'https://example.com/' })),
    pushed(await menu(worker, { menuItemId: MENU_IDS.page, pageUrl: page })),
  ];
  return { secrets: [selection, link, page], urlTokens };
}

/**
 * A quick push that fails because the token is rejected: its text waits in storage.session for "Try again"
 * only (createQuickPushes presses it). Run before anything is cached: a token change is another account, and
 * the pushes cached for the one left are erased (issue 9).
 */
async function failQuickPush(worker: Worker) {
  const retryText = 'zq-quick-retry-c81d';
  await useServer(worker, host.baseUrl, 'zq-wrong-token-0000');
  const failed = await menu(worker, { menuItemId: MENU_IDS.selection, selectionText: retryText });
  expect(failed.status).toBe('failed');
  expect(await worker.evaluate(async () => JSON.stringify(await chrome.storage.session.get(null)))).toContain(
    retryText,
  );
  await useServer(worker, host.baseUrl, ALICE.token);
  return { notificationId: failed.notificationId, secret: retryText };
}

/**
 * Quick pushes (lib/quick-push), through the handlers the context menu, the keyboard shortcut and the
 * notification's "Try again" call (a worker global in the SECRET_PUSH_E2E=1 build): a selection from the
 * menu, a selection read from a page by the shortcut, an image fetched by the extension, and a failed push
 * that storage.session holds until "Try again" sends it. Returns the secrets used and the url_tokens made.
 */
async function createQuickPushes(
  context: BrowserContext,
  worker: Worker,
  failed: { notificationId: string; secret: string },
) {
  const shortcutText = 'zq-quick-shortcut-2f6b';
  const imageBytes = 'zq-quick-image-71d4';
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
  try {
    const { secrets: menuSecrets, urlTokens } = await menuPushes(worker, 'srv');

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
    urlTokens.push(
      pushed(await menu(worker, { menuItemId: MENU_IDS.image, srcUrl: `${siteUrl}/img.png` }, tabId)),
    );
    await page.close();

    urlTokens.push(
      pushed(
        await worker.evaluate(
          (id) => (globalThis as unknown as Hook).secretPushQuickPush.tryAgain(id),
          failed.notificationId,
        ),
      ),
    );
    return { secrets: [...menuSecrets, shortcutText, imageBytes, failed.secret], urlTokens };
  } finally {
    // Chromium keeps its keep-alive connections open; without this, close() waits for them (about 100 s).
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  }
}

/**
 * Every kind from the popup, each secret tagged with `tag`: text and file with passphrases, QR text, URL,
 * a Wi-Fi QR, and a create the server refuses with a 422 (its values stay in the form, then Esc clears it).
 */
async function popupCreates(popup: Page, tag: string) {
  const secrets: string[] = [];
  const urlTokens: string[] = [];
  const create = async () => {
    await popup.getByRole('button', { name: 'Create push' }).click();
    urlTokens.push((await createdLink(popup)).urlToken);
    await popup.getByRole('button', { name: 'New push' }).click();
  };
  const secretField = popup.getByLabel('Secret', { exact: true });
  const passphraseField = popup.getByLabel('Passphrase', { exact: true });

  const text = { payload: `zq-${tag}-text-payload-8d1c`, passphrase: `zq-${tag}-passphrase-55e2` };
  await secretField.fill(text.payload);
  await passphraseField.fill(text.passphrase);
  await create();
  secrets.push(text.payload, text.passphrase);

  const file = { body: `zq-${tag}-file-body-0b7f`, passphrase: `zq-${tag}-file-passphrase-a91e` };
  await popup.getByRole('tab', { name: 'Files' }).click();
  await popup
    .getByRole('button', { name: 'Files', exact: true })
    .setInputFiles([{ name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from(file.body) }]);
  await passphraseField.fill(file.passphrase);
  await create();
  secrets.push(file.body, file.passphrase);

  const qr = `zq-${tag}-qr-payload-6c3d`;
  await popup.getByRole('tab', { name: 'QR code' }).click();
  await secretField.fill(qr);
  await create();
  secrets.push(qr);

  const url = `https://zq-${tag}-url-payload-3e7a.example/reset?t=1`;
  await popup.getByRole('tab', { name: 'URL' }).click();
  await popup.getByRole('textbox', { name: 'URL' }).fill(url);
  await create();
  secrets.push(url);

  const wifi = { ssid: `zq-${tag}-wifi-ssid-71aa`, password: `zq-${tag}-wifi-password-e04b` };
  await popup.getByRole('tab', { name: 'QR code' }).click();
  await popup.getByRole('radio', { name: 'Wi-Fi network' }).check();
  await popup.getByLabel('Network name').fill(wifi.ssid);
  await popup.getByLabel('Wi-Fi password').fill(wifi.password);
  await create();
  secrets.push(wifi.ssid, wifi.password);

  // Refused by the server (a top-level domain of one letter): the values stay in the form only.
  const refused = { payload: `zq-${tag}-422-payload-2c19`, passphrase: `zq-${tag}-422-passphrase-f3d0` };
  await popup.getByRole('tab', { name: 'Text' }).click();
  await secretField.fill(refused.payload);
  await passphraseField.fill(refused.passphrase);
  await openMoreOptions(popup);
  await popup.getByLabel('Notify e-mails').fill('bob@example.c');
  await popup.getByRole('button', { name: 'Create push' }).click();
  await expect(popup.getByLabel('Notify e-mails')).toHaveAttribute('aria-invalid', 'true');
  await expect(secretField).toHaveValue(refused.payload);
  // A filled form asks first (issue 20): the second Esc clears it.
  await secretField.press('Escape');
  await expect(popup.getByText('Press Esc again to clear the form.')).toBeVisible();
  await secretField.press('Escape');
  await expect(secretField).toHaveValue('');
  secrets.push(refused.payload, refused.passphrase);
  return { secrets, urlTokens };
}

/**
 * A server that answers everything through the mock host except creates, which it holds without an answer:
 * a create that can be cancelled while it waits. Closing it makes the next create fail (nothing listens).
 */
async function startHoldingServer(upstream: string) {
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url?.startsWith('/api/v2/pushes')) {
      request.resume(); // read the body, never answer
      return;
    }
    const headers: Record<string, string> = {};
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    fetch(`${upstream}${request.url}`, { method: request.method, headers }).then(
      async (answer) => {
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        });
        response.end(Buffer.from(await answer.arrayBuffer()));
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A create abandoned while the server holds it (the person closes the popup), then one that fails because the
 * server is gone.
 */
async function cancelledAndFailed(context: BrowserContext, extensionId: string, worker: Worker) {
  const holding = await startHoldingServer(host.baseUrl);
  const cancelled = { payload: 'zq-cancel-payload-4a61', passphrase: 'zq-cancel-passphrase-b7e3' };
  const failed = { payload: 'zq-failed-payload-0d95', passphrase: 'zq-failed-passphrase-6f2a' };
  try {
    await useServer(worker, holding.url, ALICE.token);
    const abandoned = await openPopup(context, extensionId);
    await abandoned.getByLabel('Secret', { exact: true }).fill(cancelled.payload);
    await abandoned.getByLabel('Passphrase', { exact: true }).fill(cancelled.passphrase);
    await abandoned.getByRole('button', { name: 'Create push' }).click();
    await expect(abandoned.getByText('Sending…')).toBeVisible();
    await abandoned.close();

    await holding.close();
    const popup = await openPopup(context, extensionId);
    const secretField = popup.getByLabel('Secret', { exact: true });
    const passphraseField = popup.getByLabel('Passphrase', { exact: true });
    await secretField.fill(failed.payload);
    await passphraseField.fill(failed.passphrase);
    await popup.getByRole('button', { name: 'Create push' }).click();
    await expect(popup.getByRole('alert').filter({ hasText: /could not be reached/ })).toBeVisible();
    await expect(secretField).toHaveValue(failed.payload);
    await popup.close();
  } finally {
    await holding.close().catch(() => undefined); // already closed above when the journey got that far
    await useServer(worker, host.baseUrl, ALICE.token);
  }
  return [cancelled.payload, cancelled.passphrase, failed.payload, failed.passphrase];
}

test('payloads and passphrases are in no storage and no database of the extension', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  test.setTimeout(120_000); // about 15 s alone; room for a busy machine
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  /** Every payload and passphrase used below; each must be absent from the dumps. */
  const secrets: string[] = [];
  const urlTokens: string[] = [];
  const add = (made: { secrets: string[]; urlTokens: string[] }) => {
    secrets.push(...made.secrets);
    urlTokens.push(...made.urlTokens);
  };

  // A cancelled create and a failed one: their values were in the form and in a request, nowhere else. First:
  // it moves to another server and back, and leaving a server erases the pushes cached for it (issue 9).
  secrets.push(...(await cancelledAndFailed(context, extensionId, serviceWorker)));
  const failedQuickPush = await failQuickPush(serviceWorker);

  // The popup against a server: every kind, a Wi-Fi QR and a 422.
  const popup = await openPopup(context, extensionId);
  add(await popupCreates(popup, 'srv'));
  // A person's next step would be to close it; the form must not have been saved.
  await popup.close();

  // Quick push (context menu: selection, link, page, image; keyboard shortcut; "Try again" after a failure).
  add(await createQuickPushes(context, serviceWorker, failedQuickPush));

  // The same in demo mode, where the demo service's own database is the one place allowed to hold them.
  await expect
    .poll(() => serviceWorker.evaluate(async () => (await chrome.storage.local.get('demoToken')).demoToken))
    .toBeTruthy();
  await serviceWorker.evaluate(() => chrome.storage.local.set({ demoMode: true }));
  const demoPopup = await openPopup(context, extensionId);
  await expect(demoPopup.getByText('Demo: links open only in this browser.')).toBeVisible();
  add(await popupCreates(demoPopup, 'demo'));
  await demoPopup.close();
  add(await menuPushes(serviceWorker, 'demo'));

  const storage = await dumpStorage(serviceWorker);
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const databases = await dumpIndexedDb(page);
  const demoDb = await page.evaluate(async () =>
    (await indexedDB.databases()).some((info) => info.name === 'secret-push-mock'),
  );

  // The dumps are real: the watcher's database holds the created pushes (by url_token, without secrets),
  // and the demo service's database exists (it is left out of the dump on purpose).
  expect(databases.names).toContain('secret-push');
  expect(demoDb).toBe(true);
  // 5 from each popup, 6 quick pushes on the server and 3 in demo mode.
  expect(new Set(urlTokens).size).toBe(19);
  for (const urlToken of urlTokens) expect(databases.text).toContain(urlToken);
  expect(storage).toContain(host.baseUrl);

  for (const secret of secrets) {
    expect(storage, `storage holds ${secret}`).not.toContain(secret);
    expect(databases.text, `IndexedDB holds ${secret}`).not.toContain(secret);
  }
});
