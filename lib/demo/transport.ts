/**
 * demoFetch: a fetch for the built-in demo service, usable wherever the API client runs (extension pages
 * and the background). Requests cross runtime messaging as wire objects: pages → background → offscreen
 * document (Chrome) or background page (Firefox) → mock backend, and the response comes back the same way.
 */
import { PAYLOAD_TOO_LARGE } from '@/lib/contract';
import { sendMessage } from '@/lib/messages/runtime';
import {
  requestBodyBytes,
  toWireRequest,
  wireToResponse,
  type WireRequest,
  type WireResponse,
} from '@/lib/messages/wire';
import { DEMO_BASE_URL, DEMO_MAX_BODY_BYTES, VIEWER_PATH } from './constants';
import { demoMessages } from './messages';

export { DEMO_BASE_URL };

// A context cannot send a runtime message to itself, so the background registers its router here at
// startup; everywhere else this stays undefined and requests go through messaging.
let localRoute: ((request: WireRequest) => Promise<WireResponse>) | undefined;

/** Called by the background entry on every start: its own demoFetch calls go straight to the router. */
export function setLocalDemoRoute(route: typeof localRoute): void {
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

/** The demo service's own 413 (lib/mock answers with the same body), built here: pages carry no mock code. */
function tooLarge(): Response {
  return Response.json(PAYLOAD_TOO_LARGE, { status: 413, headers: { 'Cache-Control': 'no-store' } });
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
    throw new TypeError(`demoFetch only reaches ${DEMO_BASE_URL}`); // i18n-ignore: a developer's mistake
  const bytes = await requestBodyBytes(request);
  // Above the limit the base64 form may not fit one runtime message (Chrome: 64 MiB): answer as the demo
  // service would, instead of failing in messaging.
  if (bytes && bytes.byteLength > DEMO_MAX_BODY_BYTES) return tooLarge();
  const wire = toWireRequest(request, bytes);
  const aborted = rejectOnAbort(signal);
  try {
    const reply = localRoute ? localRoute(wire) : sendMessage(demoMessages.fetch, { request: wire });
    return wireToResponse(await Promise.race([reply, aborted.promise]));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const message = error instanceof Error ? error.message : String(error);
    // A failed fetch, as the client sees a real server's; describeError gives the words. i18n-ignore
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
