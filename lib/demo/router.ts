/**
 * The background's way to the demo service, which runs in the offscreen document (Chrome) or in the
 * background page itself (Firefox); lib/offscreen decides which. The background adds the demo token, which
 * the host cannot read.
 */
import { shared } from '@/lib/async';
import { handle, type Route } from '@/lib/messages/runtime';
import type { WireRequest, WireResponse } from '@/lib/messages/wire';
import { inOffscreenOr } from '@/lib/offscreen/send';
import { VIEWER_PATH } from './constants';
import { demoHostMessages, demoMessages } from './messages';
import type { DemoPageInfo } from './page-info';
import { ensureDemoToken } from './token';

/** The demo service as the background reaches it. */
export interface DemoService {
  fetch(request: WireRequest, token: string): Promise<WireResponse>;
  pageInfo(urlToken: string): Promise<DemoPageInfo>;
}

// Firefox: the background page has IndexedDB and lives as long as it is needed, so it hosts the service.
// Loaded on first use (in Chrome the mock never runs in the worker); a failed load is tried again next time.
const localHost = shared(async () => {
  const { createDemoHost, viewerPageUrl } = await import('./host');
  return createDemoHost({ pageUrl: viewerPageUrl(browser.runtime.getURL(VIEWER_PATH)) });
});

const hostFetch = inOffscreenOr(demoHostMessages.fetch, async ({ request, token }) =>
  (await localHost()).handle(request, token),
);
const hostPageInfo = inOffscreenOr(demoHostMessages.pageInfo, async ({ url_token }) =>
  (await localHost()).pageInfo(url_token),
);

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

/** The background's answers to the pages' demo messages; tests pass a stand-in service. */
export function demoRoutes(service: DemoService = demoService): Route[] {
  return [
    handle(demoMessages.fetch, ({ request }) => routeDemoFetch(request, service)),
    handle(demoMessages.token, () => ensureDemoToken()),
    handle(demoMessages.pageInfo, ({ url_token }) => service.pageInfo(url_token)),
  ];
}
