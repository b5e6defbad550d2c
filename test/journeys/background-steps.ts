/**
 * The background as the journeys watch it: the quick-push seam's readiness, the menus and notifications the
 * extension creates (no API reads their words back) and which notifications closed.
 */
import type { ExtensionBrowser } from './browsers';
import { waitFor } from '../browser-steps';

/** Waits until the background has run far enough to expose the quick-push seam (SECRET_PUSH_E2E=1 builds). */
export async function seamReady(browser: ExtensionBrowser): Promise<void> {
  // waitFor, not expect.poll: it runs in hooks too.
  await waitFor('the quick-push seam (a build made with SECRET_PUSH_E2E=1)', async () =>
    (await browser.background((g) => typeof g.secretPushQuickPush === 'object')) ? true : undefined,
  );
}

export interface Recorded {
  menus: Array<{ id?: string | number; title?: string }>;
  notices: Array<{ id?: string; title?: string; message?: string; buttons?: Array<{ title: string }> }>;
  /** Notifications closed (notifications.onClosed), and whether "by the user". */
  closed: Array<{ id: string; byUser: boolean }>;
}

/**
 * Records from now on the menus and notifications the extension creates (through `chrome` or `browser`; each
 * still created) and the notifications that close, on the global of the context the call runs in.
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
  });
}

/** What was recorded since `record`. */
export const recorded = (browser: ExtensionBrowser) =>
  browser.background((_g) => (globalThis as { recorded?: Recorded }).recorded!);

/** The ids of the notifications still on screen. */
export const notificationsShown = (browser: ExtensionBrowser) =>
  browser.background(async (g) => Object.keys(await g.browser.notifications.getAll()));

/** How many offscreen documents are open (Chromium), or 'none' where the browser has none (Firefox). */
export const offscreenDocuments = (browser: ExtensionBrowser) =>
  browser.background(async (g) =>
    'offscreen' in g.browser
      ? (await g.chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })).length
      : 'none',
  );
