/**
 * The background's side of the demo transport: checks who is asking, attaches the demo token and hands
 * the request to the demo host, in the offscreen document (Chrome) or in this background page (Firefox).
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { isOwnExtensionSender } from '@/lib/messages/sender';
import { NO_ANSWER, sendOffscreenMessage, type OffscreenProtocol } from '@/lib/messages/runtime';
import { wireRequestSchema, type WireRequest, type WireResponse } from '@/lib/messages/wire';
import { ensureOffscreenDocument, hasOffscreenApi } from './offscreen';
import { ensureDemoToken } from './token';
import { VIEWER_PATH } from './constants';
import { demoPageInfoRequestSchema, type DemoPageInfo } from './page-info';
import type { DemoHost } from './host';

const demoFetchMessage = z.object({ request: wireRequestSchema });

/** Forwards a wire request with the demo token to wherever the demo host runs. */
export type DemoForward = (request: WireRequest, token: string) => Promise<WireResponse>;

/** Handler for the 'demo-fetch' message: only our own pages may use the demo service. */
export async function handleDemoFetchMessage(
  data: unknown,
  sender: Browser.runtime.MessageSender,
  forward: DemoForward = defaultForward(),
): Promise<WireResponse> {
  if (!isOwnExtensionSender(sender))
    throw new AppError('forbidden', 'Only Secret Push pages can use the demo service.');
  const parsed = demoFetchMessage.safeParse(data);
  if (!parsed.success) throw new AppError('bad-request', 'The demo request was malformed.');
  return routeDemoRequest(parsed.data.request, forward);
}

/** Routes a request from this context (no sender check: the background is trusted). */
export async function routeDemoRequest(
  request: WireRequest,
  forward: DemoForward = defaultForward(),
): Promise<WireResponse> {
  // The background is the token's one writer: this creates it on first use, shared with onInstalled.
  return forward(request, await ensureDemoToken());
}

/** Picks the offscreen document where it exists, the background page itself otherwise. */
export function defaultForward(): DemoForward {
  return hasOffscreenApi() ? forwardToOffscreen : forwardToLocalHost;
}

// The document closed between our check and the send: Chrome says so, or no context answers (our
// offscreen handler always answers). Nothing was delivered, so sending again (even a POST) cannot do the
// work twice.
const NOT_DELIVERED = /Receiving end does not exist|Could not establish connection/i;
function notDelivered(error: unknown): boolean {
  return error instanceof Error && (error.message === NO_ANSWER || NOT_DELIVERED.test(error.message));
}

/** Sends to the offscreen document, opening it first, and once more when it closed in between. */
async function sendToOffscreen<K extends keyof OffscreenProtocol>(
  type: K,
  data: OffscreenProtocol[K][0],
): Promise<OffscreenProtocol[K][1]> {
  await ensureOffscreenDocument();
  try {
    return await sendOffscreenMessage(type, data);
  } catch (error) {
    if (!notDelivered(error)) throw error;
    await ensureOffscreenDocument();
    return sendOffscreenMessage(type, data);
  }
}

export const forwardToOffscreen: DemoForward = (request, token) =>
  sendToOffscreen('demo-fetch', { request, token });

// Firefox: the background page has IndexedDB and lives as long as it is needed, so it hosts the service.
let localHost: Promise<DemoHost> | undefined;

function getLocalHost(): Promise<DemoHost> {
  // Loaded on demand: in Chrome the mock never runs in the worker.
  localHost ??= import('./host').then(({ createDemoHost, viewerPageUrl }) =>
    createDemoHost({ pageUrl: viewerPageUrl(browser.runtime.getURL(VIEWER_PATH)) }),
  );
  return localHost;
}

export const forwardToLocalHost: DemoForward = async (request, token) =>
  (await getLocalHost()).handle(request, token);

/** Asks the demo host what its recipient page knows about a push. */
export type DemoPageInfoLookup = (urlToken: string) => Promise<DemoPageInfo>;

export function defaultPageInfoLookup(): DemoPageInfoLookup {
  return hasOffscreenApi()
    ? (urlToken) => sendToOffscreen('demo-page-info', { url_token: urlToken })
    : async (urlToken) => (await getLocalHost()).pageInfo(urlToken);
}

/** Handler for the 'demo-page-info' message (the viewer page): our own pages only. */
export async function handleDemoPageInfoMessage(
  data: unknown,
  sender: Browser.runtime.MessageSender,
  lookup: DemoPageInfoLookup = defaultPageInfoLookup(),
): Promise<DemoPageInfo> {
  if (!isOwnExtensionSender(sender))
    throw new AppError('forbidden', 'Only Secret Push pages can use the demo service.');
  const parsed = demoPageInfoRequestSchema.safeParse(data);
  if (!parsed.success) throw new AppError('bad-request', 'The demo request was malformed.');
  return lookup(parsed.data.url_token);
}
