/**
 * demoFetch: a fetch for the built-in demo service, usable wherever the API client runs (extension pages
 * and the background). Requests cross runtime messaging as wire objects: pages → background → offscreen
 * document (Chrome) or background page (Firefox) → mock backend, and the response comes back the same way.
 */
import { sendMessage } from '@/lib/messages/runtime';
import { bytesToBase64, wireToResponse, type WireRequest, type WireResponse } from '@/lib/messages/wire';
// The mock's own 413 (a plain Response builder, not the engine): a too-large body gets the answer the
// demo service itself gives.
import { payloadTooLarge } from '@/lib/mock/responses';
import { DEMO_BASE_URL, DEMO_MAX_BODY_BYTES, VIEWER_PATH } from './constants';

export { DEMO_BASE_URL };

type LocalRoute = (request: WireRequest) => Promise<WireResponse>;

// A context cannot send a runtime message to itself, so the background registers its router here at
// startup; everywhere else this stays undefined and requests go through messaging.
let localRoute: LocalRoute | undefined;

/** Called by the background entry on every start: its own demoFetch calls go straight to the router. */
export function setLocalDemoRoute(route: LocalRoute | undefined): void {
  localRoute = route;
}

function rejectOnAbort(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/** The body's bytes, or null without a body (GET/HEAD never carry one). */
async function bodyBytes(request: Request): Promise<Uint8Array | null> {
  if (request.body === null || request.method === 'GET' || request.method === 'HEAD') return null;
  return new Uint8Array(await request.arrayBuffer());
}

/**
 * Behaves like fetch towards DEMO_BASE_URL: rejects with a TypeError when the service cannot be reached
 * and with the signal's reason when aborted; a body over DEMO_MAX_BODY_BYTES gets the service's 413. An abort stops the wait for the answer; a request already
 * delivered to the demo service still completes there, as it would on a real server.
 */
export const demoFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const { signal } = request;
  signal.throwIfAborted();
  if (new URL(request.url).origin !== new URL(DEMO_BASE_URL).origin)
    throw new TypeError(`demoFetch only reaches ${DEMO_BASE_URL}`);
  const bytes = await bodyBytes(request);
  // Above the limit the base64 form may not fit one runtime message (Chrome: 64 MiB): answer as the demo
  // service would, instead of failing in messaging.
  if (bytes && bytes.byteLength > DEMO_MAX_BODY_BYTES) return payloadTooLarge();
  // requestToWire's form, from the bytes already read (the body can be read only once).
  const wire: WireRequest = {
    method: request.method,
    url: request.url,
    headers: [...request.headers],
    body: bytes && bytesToBase64(bytes),
  };
  const aborted = rejectOnAbort(signal);
  try {
    const reply = localRoute ? localRoute(wire) : sendMessage('demo-fetch', { request: wire });
    return wireToResponse(await Promise.race([reply, aborted.promise]));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const message = error instanceof Error ? error.message : String(error);
    throw new TypeError(`The demo service did not answer: ${message}`, { cause: error });
  } finally {
    aborted.dispose();
  }
};

/**
 * The origin of the viewer page, which the demo service's html_url points to (ApiClientOptions.pageOrigin).
 * Computed with URL like the client's own check, so both agree wherever they run.
 */
export function demoPageOrigin(): string {
  return new URL(browser.runtime.getURL(VIEWER_PATH)).origin;
}
