/**
 * The background as the journeys watch it: the quick-push seam's readiness, and what the extension asks the
 * browser to show (context menus, notifications) and which notifications closed. No API reads a menu's title
 * or a notification's words back, and no driver opens the native menu or a notification.
 */
import type { ExtensionBrowser } from './browsers';
import { waitFor } from '../browser-steps';

/** Waits until the background has run far enough to expose the quick-push seam (SECRET_PUSH_E2E=1 builds). */
export async function seamReady(browser: ExtensionBrowser): Promise<void> {
  // waitFor, not expect.poll: it runs in hooks too.
  await waitFor('the quick-push seam (a build made with SECRET_PUSH_E2E=1)', async () =>
    (await browser.background((g) => typeof g.secretPushQuickPush === 'object', null)) ? true : undefined,
  );
}

export interface Recorded {
  menus: Array<{ id?: string | number; title?: string }>;
  notices: Array<{ id?: string; title?: string; message?: string; buttons?: Array<{ title: string }> }>;
  /** Notifications closed (notifications.onClosed), and whether "by the user". */
  closed: Array<{ id: string; byUser: boolean }>;
}

/**
 * Records from now on what the extension creates (menus and notifications, on `chrome` and on `browser`,
 * whichever it calls; each is still created as usual) and the notifications that close. The record lives on
 * the global of the context that runs the call (Chromium's worker, Firefox's extension tab that reaches the
 * background page).
 */
export function record(browser: ExtensionBrowser): Promise<void> {
  return browser.background((g) => {
    const recorded: Recorded = { menus: [], notices: [], closed: [] };
    (globalThis as { recorded?: Recorded }).recorded = recorded;
    type Create = (...args: unknown[]) => unknown;
    const wrap = (api: unknown, keep: (args: unknown[]) => void) => {
      const target = api as { create: Create };
      const create = target.create.bind(api);
      target.create = (...args) => {
        keep(args);
        return create(...args);
      };
    };
    for (const api of new Set([g.chrome.contextMenus, g.browser.contextMenus]))
      wrap(api, ([props]) => recorded.menus.push(props as Recorded['menus'][number]));
    for (const api of new Set([g.chrome.notifications, g.browser.notifications]))
      wrap(api, (args) => {
        const [id, options] = typeof args[0] === 'string' ? args : [undefined, args[0]];
        recorded.notices.push({ id: id as string | undefined, ...(options as object) });
      });
    g.chrome.notifications.onClosed.addListener((id, byUser) => recorded.closed.push({ id, byUser }));
  }, null);
}

/** What was recorded since `record`. */
export const recorded = (browser: ExtensionBrowser) =>
  browser.background((_g) => (globalThis as { recorded?: Recorded }).recorded!, null);

/** The ids of the notifications still on screen. */
export const notificationsShown = (browser: ExtensionBrowser) =>
  browser.background(async (g) => Object.keys(await g.browser.notifications.getAll()), null);

/** How many offscreen documents are open (Chromium), or 'none' where the browser has none (Firefox). */
export const offscreenDocuments = (browser: ExtensionBrowser) =>
  browser.background(
    async (g) =>
      'offscreen' in g.browser
        ? (await g.chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })).length
        : 'none',
    null,
  );
