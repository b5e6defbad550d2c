/**
 * The background's way to the demo service, which runs in the offscreen document (Chrome) or in the
 * background page itself (Firefox); lib/offscreen decides which. The background adds the demo token, which
 * the host cannot read.
 */
import { shared } from '@/lib/async';
import { handle, type Route } from '@/lib/messages/runtime';
import type { WireRequest, WireResponse } from '@/lib/messages/wire';
import { inOffscreenOr } from '@/lib/offscreen';
import { VIEWER_PATH } from './constants';
import { demoHostMessages, demoMessages } from './messages';
import type { DemoPageInfo } from './page-info';
import { ensureDemoToken } from './token';
import { backgroundPendingCreates, type PendingCreates } from '@/lib/interrupted';
import { PUSHES_PATH } from '@/lib/api';

/** The demo service as the background reaches it. */
export interface DemoService {
  fetch(request: WireRequest, token: string): Promise<WireResponse>;
  pageInfo(urlToken: string): Promise<DemoPageInfo>;
}

/**
 * Firefox: the background page has IndexedDB and lives as long as it is needed, so it hosts the service,
 * loaded on first use (a failed load is tried again next time). Never called in Chrome's build, whose
 * worker bundle therefore carries none of the mock (test/build/background.test.ts).
 */
function serviceInThisPage() {
  const host = shared(async () => {
    const { createDemoHost, viewerPageUrl } = await import('./host');
    return createDemoHost({ pageUrl: viewerPageUrl(browser.runtime.getURL(VIEWER_PATH)) });
  });
  return {
    fetch: async ({ request, token }: { request: WireRequest; token: string }) =>
      (await host()).handle(request, token),
    pageInfo: async ({ url_token }: { url_token: string }) => (await host()).pageInfo(url_token),
  };
}

// lib/offscreen's BACKGROUND_IS_WORKER, written out: the bundler folds this expression before
// it follows import('./host'), so Chrome's worker bundle never reads the mock at all (with the imported
// constant the mock was dropped later, but qrcode's CommonJS wrappers stayed behind: 3.5 KB).
const here =
  import.meta.env.MANIFEST_VERSION === 3 && !import.meta.env.FIREFOX ? undefined : serviceInThisPage();
const hostFetch = inOffscreenOr(demoHostMessages.fetch, here?.fetch);
const hostPageInfo = inOffscreenOr(demoHostMessages.pageInfo, here?.pageInfo);

/** Where the demo service runs: the offscreen document in Chrome, this background page in Firefox. */
export const demoService: DemoService = {
  fetch: (request, token) => hostFetch({ request, token }),
  pageInfo: (urlToken) => hostPageInfo({ url_token: urlToken }),
};

/** BACKGROUND ONLY: sends a request to the demo service with the demo token (created on first use). */
export async function routeDemoFetch(
  request: WireRequest,
  service: DemoService = demoService,
): Promise<WireResponse> {
  return service.fetch(request, await ensureDemoToken());
}

/** A create: the request whose push must not be lost when the background stops before it is answered. */
const isCreate = (request: WireRequest) =>
  request.method === 'POST' && new URL(request.url).pathname === PUSHES_PATH;

/**
 * A page's request, relayed. A create is marked as under way (lib/interrupted) until its answer is handed
 * back: a background stopped in between leaves the mark, and its next start tells the person the push may
 * not be in the dashboard (the demo service may have made it while its answer was lost). The background's
 * own demo requests (a quick push in demo mode) are marked by their feature instead.
 */
async function relay(request: WireRequest, service: DemoService, pending: () => PendingCreates) {
  if (!isCreate(request)) return routeDemoFetch(request, service);
  const mark = pending().begin('demo-create');
  try {
    // A mark storage refused leaves this create unmarked; it is relayed all the same.
    // i18n-ignore: logged for developers
    await mark.written.catch((error: unknown) => console.error('Could not mark the create', error));
    return await routeDemoFetch(request, service);
  } finally {
    // i18n-ignore: logged for developers
    await mark.done().catch((error: unknown) => console.error('Could not mark the create as done', error));
  }
}

/** The background's answers to the pages' demo messages; tests pass a stand-in service. */
export function demoRoutes(
  service: DemoService = demoService,
  pending: () => PendingCreates = backgroundPendingCreates,
): Route[] {
  return [
    handle(demoMessages.fetch, ({ request }) => relay(request, service, pending)),
    handle(demoMessages.token, () => ensureDemoToken()),
    handle(demoMessages.pageInfo, ({ url_token }) => service.pageInfo(url_token)),
  ];
}
