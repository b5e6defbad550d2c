/**
 * A fetch-shaped transport that reports upload progress, for file pushes. fetch() has no upload progress
 * (streaming request bodies need HTTP/2 and give no byte count either), so this one is built on
 * XMLHttpRequest and handed to createApiClient as its `fetch`.
 *
 * Differences from fetch that the API client can live with:
 * - Cookies are never sent (withCredentials = false), the same as the client's `credentials: 'omit'`.
 * - XHR follows redirects and cannot stop at one, and re-sends the body on a 307/308. withRedirectProbe
 *   therefore sends a request with a body first without it, through fetch with `redirect: 'manual'` (a
 *   POST to /api/v2/pushes with no `push` is a 400 that creates nothing): a redirect there is refused
 *   ('not-secret-push') before any byte of the body leaves. A redirect XHR still meets (the server changed
 *   its mind in between) is reported as a bodiless 307 within the server's origin, so the client's "a
 *   redirect is not the API" rule applies, and refused outright for another origin, as soon as its
 *   headers arrive.
 */
import { AppError } from '../errors';

export interface UploadProgress {
  loaded: number;
  /** Undefined when the browser cannot tell the body's size. */
  total?: number;
}

export interface UploadFetchOptions {
  /** Called as the request body goes out, and once more with loaded = total when it is all sent. */
  onProgress?: (progress: UploadProgress) => void;
  /** Injected by tests; default the global XMLHttpRequest. */
  XMLHttpRequest?: typeof XMLHttpRequest;
}

/** Statuses a Response must have no body for (the constructor throws otherwise). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function abortReason(signal: AbortSignal | null | undefined): unknown {
  // fetch's own rejection, for code that tells an abort by its name; no person reads it. i18n-ignore
  return signal?.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}

const redirected = () =>
  new AppError('not-secret-push', 'The server redirected the request to another address.');

/**
 * Sends the request's method, address and headers without its body, stopping at a redirect: the body is
 * only sent where no redirect waits for it. Any other answer (400 for a create with no push) is dropped.
 */
async function probeForRedirect(url: string, init: RequestInit, fetchFn: typeof fetch): Promise<void> {
  const headers = new Headers(init.headers);
  headers.delete('content-type');
  const probe = await fetchFn(url, {
    method: init.method,
    headers,
    redirect: 'manual',
    credentials: 'omit',
    signal: init.signal,
  });
  await probe.body?.cancel();
  if (probe.type === 'opaqueredirect' || (probe.status >= 300 && probe.status < 400)) throw redirected();
}

/**
 * Wraps an upload transport so that a request with a body is probed first (probeForRedirect): a body is
 * never handed to a transport that would follow a redirect with it. `probe` defaults to the global fetch.
 */
export function withRedirectProbe(
  send: typeof fetch,
  probe: typeof fetch = (i, o) => fetch(i, o),
): typeof fetch {
  return async (input, init = {}) => {
    if (init.body !== undefined && init.body !== null)
      await probeForRedirect(new URL(urlOf(input), globalThis.location?.href).href, init, probe);
    return send(input, init);
  };
}

/**
 * A fetch built on XMLHttpRequest. Accepts a URL (or a Request for its URL only) and an init with method,
 * headers, body (string, FormData, Blob, …) and signal; other init fields are ignored. Rejects like fetch:
 * a TypeError when the server cannot be reached, the signal's reason when aborted.
 */
export function createUploadFetch(options: UploadFetchOptions = {}): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const Xhr = options.XMLHttpRequest ?? XMLHttpRequest;
      const xhr = new Xhr();
      const url = new URL(urlOf(input), globalThis.location?.href).href;
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = false;
      xhr.responseType = 'arraybuffer';
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));

      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let settled = false;
      /** Once per request: the first outcome wins (a refused redirect also fires 'abort'). */
      const settle = () => {
        const first = !settled;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        return first;
      };
      const origin = new URL(url).origin;
      /** Refuses an answer from another origin than the request's: a redirect XHR followed. */
      const refusedRedirect = () => {
        if (!xhr.responseURL || new URL(xhr.responseURL).origin === origin) return false;
        if (settle()) reject(redirected());
        xhr.abort();
        return true;
      };
      xhr.addEventListener('readystatechange', () => {
        if (xhr.readyState === 2 /* HEADERS_RECEIVED */) refusedRedirect();
      });

      const { onProgress } = options;
      // The listener must exist before send(): browsers fire upload events only when one was registered.
      if (onProgress) {
        xhr.upload.addEventListener('progress', (event) =>
          onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined }),
        );
        xhr.upload.addEventListener('load', (event) =>
          onProgress({ loaded: event.total || event.loaded, total: event.total || event.loaded }),
        );
      }
      xhr.addEventListener('load', () => {
        if (refusedRedirect() || !settle()) return;
        const headers = parseHeaders(xhr.getAllResponseHeaders());
        if (xhr.responseURL && xhr.responseURL !== url) {
          resolve(new Response(null, { status: 307, headers: { Location: xhr.responseURL } }));
          return;
        }
        const body = NULL_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer | null);
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }));
      });
      xhr.addEventListener('error', () => {
        // fetch's own network failure, so callers treat both transports alike. i18n-ignore
        if (settle()) reject(new TypeError('Failed to fetch'));
      });
      xhr.addEventListener('abort', () => {
        if (settle()) reject(abortReason(signal));
      });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/**
 * Wraps a fetch that cannot report progress (demoFetch: the body crosses runtime messaging in one piece)
 * so it reports 100 % once the answer arrives.
 */
export function withCompletionProgress(
  fetchFn: typeof fetch,
  onProgress: (progress: UploadProgress) => void,
): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    onProgress({ loaded: 1, total: 1 });
    return response;
  };
}
