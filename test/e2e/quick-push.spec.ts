/**
 * Quick pushes in real Chromium: what the context-menu items and "Try again" do, against a Node mock host.
 * Playwright cannot click native menus or notification buttons (docs/toolchain.md, pitfall 12), so the test
 * calls, in the service worker, the very handlers those listeners call: the SECRET_PUSH_E2E=1 build exposes
 * them as a worker global (lib/quick-push/e2e-hook.ts). Everything after that call is the real extension:
 * the API request, the offscreen document's clipboard write, the notification, storage.session.
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process (see options.spec.ts).
import 'fake-indexeddb/auto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { createApiClient } from '../../lib/api';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { MENU_IDS } from '../../lib/quick-push/menus';
import type { QuickPushHandlers } from '../../lib/quick-push/background';
import type { MenuClick } from '../../lib/quick-push/menus';
import type { QuickPushOutcome } from '../../lib/quick-push/types';
import { expect, readClipboard, test } from './fixtures';

const ALICE = { email: 'alice@example.com', token: 'alice-token-quick-0123' };
const SECRET = 'vpn user: bob\nvpn pass: 7f3a-hunter2';
// A 2×2 PNG (red, green, blue, white): bytes that must come back exactly.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

let host: MockHost;
let site: http.Server;
let siteUrl: string;

/** A web page with a multi-line secret to select, and an image on the same loopback origin. */
function startSite(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.url === '/cat.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
      return response.end(PNG);
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Notes</title><pre id="secret">${SECRET}</pre><img src="/cat.png" alt="cat">`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.beforeAll(async () => {
  site = await startSite();
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  site.closeAllConnections(); // Chromium's keep-alive connections would hold close() for about 100 s
  await new Promise((resolve) => site.close(resolve));
});
test.beforeEach(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
});
test.afterEach(async () => {
  await host.close();
});

async function useServer(worker: Worker, url: string) {
  await worker.evaluate(
    async ({ url, token }) => {
      await chrome.storage.local.set({
        server: { kind: 'self-hosted', url, edition: 'pro' },
        demoMode: false,
        tokenPlace: 'device',
        token,
      });
    },
    { url, token: ALICE.token },
  );
}

/** Opens the site and selects the secret, as a person would before right-clicking. */
async function openSiteWithSelection(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${siteUrl}/notes.html`);
  await page.locator('#secret').selectText();
  return page;
}

async function activeTabId(worker: Worker): Promise<number> {
  return worker.evaluate(async (url) => {
    const [tab] = await chrome.tabs.query({ url: `${url}/*` });
    if (tab?.id === undefined) throw new Error('no tab on the site');
    return tab.id;
  }, siteUrl);
}

type Hook = { secretPushQuickPush: QuickPushHandlers };

/** What contextMenus.onClicked would do for this click. */
function clickMenu(worker: Worker, info: MenuClick, tabId: number): Promise<QuickPushOutcome> {
  return worker.evaluate(
    ({ info, tabId }) => (globalThis as unknown as Hook).secretPushQuickPush.menuClicked(info, { id: tabId }),
    { info, tabId },
  );
}

function tryAgain(worker: Worker, notificationId: string): Promise<QuickPushOutcome> {
  return worker.evaluate(
    (id) => (globalThis as unknown as Hook).secretPushQuickPush.tryAgain(id),
    notificationId,
  );
}

const notificationIds = (worker: Worker) =>
  worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()));

const sessionStorage = (worker: Worker) =>
  worker.evaluate(async () => JSON.stringify(await chrome.storage.session.get(null)));

const localStorage = (worker: Worker) =>
  worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));

const urlToken = (link: string) => new URL(link).pathname.split('/')[2]!;

test('"Push selected text" copies a working link and raises a notification', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl);
  await openSiteWithSelection(context);
  const tabId = await activeTabId(serviceWorker);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: MENU_IDS.selection, selectionText: 'vpn user: bob vpn pass: 7f3a-hunter2', frameId: 0 },
    tabId,
  );

  if (outcome.status !== 'pushed') throw new Error(`not pushed: ${outcome.message}`);
  expect(outcome.copied).toBe(true);
  expect(outcome.message).toBe(
    'Expires in 7 days or after 5 views, whichever comes first. Paste the link where you want to share it.',
  );
  const link = await readClipboard(context, extensionId);
  expect(link).toBe(outcome.link);
  expect(link).toMatch(new RegExp(`^${host.baseUrl}/p/[a-z0-9_-]+/r$`));
  expect(await notificationIds(serviceWorker)).toContain(outcome.notificationId);

  // The recipient opens the copied link: the multi-line selection arrives whole.
  const recipient = await context.newPage();
  await recipient.goto(link);
  await recipient.getByRole('button', { name: 'Reveal secret' }).click();
  expect(await recipient.getByLabel('Secret').innerText()).toBe(SECRET);

  expect(await localStorage(serviceWorker)).not.toContain('hunter2');
  expect(await sessionStorage(serviceWorker)).not.toContain('hunter2');
});

test('the shortcut pushes the selection of the active tab, read by the extension', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl);
  await openSiteWithSelection(context);
  const tabId = await activeTabId(serviceWorker);

  const outcome = await serviceWorker.evaluate(
    (tabId) => (globalThis as unknown as Hook).secretPushQuickPush.command('push-selection', { id: tabId }),
    tabId,
  );

  if (outcome?.status !== 'pushed') throw new Error(`not pushed: ${outcome?.message}`);
  expect(await readClipboard(context, extensionId)).toBe(outcome.link);
  const pushed = await createApiClient({ baseUrl: host.baseUrl }).retrievePush(urlToken(outcome.link));
  expect(pushed.payload).toBe(SECRET);
});

test('"Push this image" sends the image as a file that comes back intact', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl);
  await openSiteWithSelection(context);
  const tabId = await activeTabId(serviceWorker);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: MENU_IDS.image, srcUrl: `${siteUrl}/cat.png`, pageUrl: `${siteUrl}/notes.html` },
    tabId,
  );

  if (outcome.status !== 'pushed') throw new Error(`not pushed: ${outcome.message}`);
  expect(await readClipboard(context, extensionId)).toBe(outcome.link);
  const owner = createApiClient({ baseUrl: host.baseUrl, token: ALICE.token });
  const retrieved = await owner.retrievePush(urlToken(outcome.link));
  expect(retrieved.files).toEqual([
    expect.objectContaining({ filename: 'cat.png', content_type: 'image/png' }),
  ]);
  const download = await fetch(retrieved.files[0]!.url, {
    headers: { authorization: `Bearer ${ALICE.token}` },
  });
  expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
});

test('a failure offers "Try again", which sends the held text once the server is back', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl);
  await openSiteWithSelection(context);
  const tabId = await activeTabId(serviceWorker);
  const port = new URL(host.baseUrl).port;
  await host.close();

  const failed = await clickMenu(serviceWorker, { menuItemId: MENU_IDS.selection, frameId: 0 }, tabId);

  expect(failed).toMatchObject({
    status: 'failed',
    retry: true,
    message: 'The server could not be reached. Check the address and your connection.',
  });
  expect(await notificationIds(serviceWorker)).toContain(failed.notificationId);
  expect(await sessionStorage(serviceWorker)).toContain('hunter2');
  expect(await localStorage(serviceWorker)).not.toContain('hunter2');

  host = await startMockHost({ port: Number(port), users: [ALICE], rateLimit: 0 });
  const again = await tryAgain(serviceWorker, failed.notificationId);

  if (again.status !== 'pushed') throw new Error(`not pushed: ${again.message}`);
  expect(await readClipboard(context, extensionId)).toBe(again.link);
  const pushed = await createApiClient({ baseUrl: host.baseUrl }).retrievePush(urlToken(again.link));
  expect(pushed.payload).toBe(SECRET);
  const shown = await notificationIds(serviceWorker);
  expect(shown).toContain(again.notificationId);
  expect(shown).not.toContain(failed.notificationId);
  expect(await sessionStorage(serviceWorker)).not.toContain('hunter2');
  expect(await tryAgain(serviceWorker, failed.notificationId)).toMatchObject({ status: 'nothing' });
  const owner = createApiClient({ baseUrl: host.baseUrl, token: ALICE.token });
  expect(await owner.activeAll()).toHaveLength(1);
});

test('the menu items and the shortcuts exist', async ({ serviceWorker }) => {
  for (const id of Object.values(MENU_IDS)) {
    await expect
      .poll(() =>
        serviceWorker.evaluate(
          (id) =>
            new Promise<string | null>((resolve) =>
              chrome.contextMenus.update(id, {}, () => resolve(chrome.runtime.lastError?.message ?? null)),
            ),
          id,
        ),
      )
      .toBeNull();
  }
  const unknown = await serviceWorker.evaluate(
    () =>
      new Promise<string | null>((resolve) =>
        chrome.contextMenus.update('no-such-item', {}, () =>
          resolve(chrome.runtime.lastError?.message ?? null),
        ),
      ),
  );
  expect(unknown).not.toBeNull(); // the check above can fail

  const commands = await serviceWorker.evaluate(() => chrome.commands.getAll());
  expect(commands).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'push-selection', shortcut: 'Alt+Shift+S' }),
      expect.objectContaining({ name: '_execute_action', shortcut: 'Alt+Shift+O' }),
    ]),
  );
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.permissions).toEqual(
    expect.arrayContaining([
      'contextMenus',
      'notifications',
      'clipboardWrite',
      'activeTab',
      'scripting',
      'offscreen',
    ]),
  );
});

test('in demo mode the one offscreen document serves both the demo service and the clipboard', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await openSiteWithSelection(context);
  const tabId = await activeTabId(serviceWorker);

  const outcome = await clickMenu(
    serviceWorker,
    { menuItemId: MENU_IDS.page, pageUrl: `${siteUrl}/notes.html` },
    tabId,
  );

  if (outcome.status !== 'pushed') throw new Error(`not pushed: ${outcome.message}`);
  expect(outcome.link).toMatch(new RegExp(`^chrome-extension://${extensionId}/viewer\\.html#/p/`));
  expect(await readClipboard(context, extensionId)).toBe(outcome.link);
  const offscreen = await serviceWorker.evaluate(
    async () => (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })).length,
  );
  expect(offscreen).toBe(1);
});
