/**
 * Context menus and notifications are made in the service worker, far from any page's <html lang>: this
 * checks, in real Chromium started in German, that they speak the browser's language too. The titles are
 * read where the extension hands them to the browser (chrome.contextMenus.create, chrome.notifications.create,
 * recorded in the worker and passed on), since no API reads a menu's title back and Playwright cannot open
 * the native menu or a notification (docs/toolchain.md, pitfall 12); the quick-push seam of the
 * SECRET_PUSH_E2E=1 build (lib/quick-push/e2e-hook.ts) calls what the listeners call.
 */
import type { BrowserContext, Worker } from '@playwright/test';
import { MENU_IDS } from '../../lib/quick-push/menus';
import type { QuickPushHandlers } from '../../lib/quick-push/background';
import type { QuickPushOutcome } from '../../lib/quick-push/types';
import { expect, launchWithExtension, test } from './fixtures';

type Hook = { secretPushQuickPush: QuickPushHandlers };
type Recorded = {
  menus: Array<{ id?: string | number; title?: string }>;
  notices: Record<string, unknown>[];
};

let context: BrowserContext;
let close: () => Promise<void>;
let worker: Worker;

test.beforeAll(async () => {
  ({ context, close } = await launchWithExtension({ language: 'de' }));
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect
    .poll(() => worker.evaluate(() => typeof (globalThis as unknown as Partial<Hook>).secretPushQuickPush))
    .toBe('object');
  // Records what the extension asks the browser to show, then lets the browser show it as usual.
  await worker.evaluate(() => {
    const recorded: Recorded = { menus: [], notices: [] };
    (globalThis as unknown as { recorded: Recorded }).recorded = recorded;
    const createMenu = chrome.contextMenus.create.bind(chrome.contextMenus);
    chrome.contextMenus.create = (properties, callback) => {
      recorded.menus.push({ id: properties.id, title: properties.title });
      return createMenu(properties, callback);
    };
    type Create = (id: string, options: Record<string, unknown>) => Promise<string>;
    const notifications = chrome.notifications as unknown as { create: Create };
    const notify = notifications.create.bind(notifications);
    notifications.create = (id, options) => {
      recorded.notices.push({ id, ...options });
      return notify(id, options);
    };
  });
});
test.afterAll(() => close());

const recorded = () => worker.evaluate(() => (globalThis as unknown as { recorded: Recorded }).recorded);

// What the browser picked from public/_locales for LANGUAGE=de. Not chrome.i18n.getUILanguage(): in the
// service worker it answered 'en-US' in some launches while the messages were German (seen 2026-11-23).
test('the browser gives the extension its German messages', async () => {
  expect(await worker.evaluate(() => chrome.i18n.getMessage('locale'))).toBe('de');
});

test('the context menu items are titled in German', async () => {
  await worker.evaluate(() => (globalThis as unknown as Hook).secretPushQuickPush.installMenus());
  const titles = Object.fromEntries((await recorded()).menus.map((menu) => [menu.id, menu.title]));
  expect(titles).toEqual({
    [MENU_IDS.selection]: 'Markierten Text als Push senden',
    [MENU_IDS.link]: 'Diesen Link als Push senden',
    [MENU_IDS.page]: 'URL dieser Seite als Push senden',
    [MENU_IDS.image]: 'Dieses Bild als Push senden',
  });
});

test('a quick push in demo mode says in German that its link was copied (or why not)', async () => {
  const outcome: QuickPushOutcome = await worker.evaluate(
    (id) =>
      (globalThis as unknown as Hook).secretPushQuickPush.menuClicked({
        menuItemId: id,
        pageUrl: 'https://intranet.example.com/wiki/vpn',
      }),
    MENU_IDS.page,
  );
  expect(outcome.status).toBe('pushed');
  const notice = (await recorded()).notices.find((n) => n.id === outcome.notificationId);
  // Demo mode: the title says the link opens only in this browser (issue 20).
  expect([
    'Demo-Link kopiert: Er öffnet sich nur in diesem Browser',
    'Push gesendet, aber der Link wurde nicht kopiert',
  ]).toContain(notice?.title);
  expect(notice?.message).toMatch(
    /verbinden Sie einen Server\.|Kopieren Sie den Link aus der Liste der Pushes/,
  );
});

test('a failed quick push says why in German and offers "Erneut versuchen"', async () => {
  // A server nobody answers on: the push fails, and its notification keeps the request for Try again.
  await worker.evaluate(async () => {
    await chrome.storage.local.set({
      server: { kind: 'self-hosted', url: 'http://127.0.0.1:9', edition: 'pro' },
      demoMode: false,
    });
  });
  const outcome: QuickPushOutcome = await worker.evaluate(
    (id) =>
      (globalThis as unknown as Hook).secretPushQuickPush.menuClicked({
        menuItemId: id,
        linkUrl: 'https://intranet.example.com/wiki/vpn',
      }),
    MENU_IDS.link,
  );
  expect(outcome.status).toBe('failed');
  const notice = (await recorded()).notices.find((n) => n.id === outcome.notificationId);
  expect(notice).toMatchObject({
    title: 'Der Link konnte nicht gesendet werden',
    buttons: [{ title: 'Erneut versuchen' }],
  });
  expect(notice?.message).not.toMatch(/[Tt]he |[Tt]ry again/);
  expect(notice?.message).toMatch(/Server|Zugriff|Verbindung/);
});
