import { AppError } from '../errors';

/**
 * One HTTP exchange with the server: the transport rules of reference §14 (no cookies, no Authorization
 * header without a token, no redirects followed) plus the timeout and the caller's abort. It returns the
 * status, headers and body text; turning them into data or an AppError is responses.ts's job.
 */

/** Which call a request is; error mapping depends on it (a 401 means different things per endpoint). */
export type Endpoint =
  | 'version'
  | 'v1-version'
  | 'create'
  | 'retrieve'
  | 'preview'
  | 'audit'
  | 'delete'
  | 'active'
  | 'expired';

export interface ApiRequest {
  endpoint: Endpoint;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
  /** Leave the token out (the version probe may be talking to a server that is not ours). */
  anonymous?: boolean;
  /** The URL or headers carry a passphrase: keep the raw fetch error (which may quote the URL) out. */
  secret?: boolean;
}

export interface RawResponse {
  status: number;
  /** 'opaqueredirect' in browsers when redirect: 'manual' stops at a 3xx. */
  type: string;
  headers: Headers;
  text: string;
}

export interface TransportOptions {
  baseUrl: string;
  token: string | null;
  /** The origin the token is bound to: a request to any other origin carries no Authorization header. */
  tokenOrigin: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, string>): string {
  const url = new URL(baseUrl + path);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

export async function send(options: TransportOptions, request: ApiRequest): Promise<RawResponse> {
  if (request.signal?.aborted) throw new AppError('aborted', 'The request was cancelled.');

  const headers = new Headers({ Accept: 'application/json', ...request.headers });
  const url = buildUrl(options.baseUrl, request.path, request.query);
  // Any Authorization header, even an empty Bearer, makes the server answer 401 (reference §1). And a token
  // goes only to the origin it is bound to (issue 18): every request of every client is built here.
  const bound = new URL(url).origin === options.tokenOrigin;
  if (options.token && !request.anonymous && bound) headers.set('Authorization', `Bearer ${options.token}`);
  if (typeof request.body === 'string') headers.set('Content-Type', 'application/json');

  // Our own controller, so a timeout and a caller's abort can be told apart, and a race, so an injected
  // fetch that ignores its signal (an in-process backend) still stops waiting.
  const controller = new AbortController();
  let stopReason: 'timeout' | 'aborted' | undefined;
  const stop = (reason: 'timeout' | 'aborted') => {
    stopReason ??= reason;
    controller.abort();
  };
  const onCallerAbort = () => stop('aborted');
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
  });
  // The rejection is observed through Promise.race below; this only keeps a late one from being reported
  // as unhandled when the exchange finished first.
  stopped.catch(() => undefined);

  try {
    const response = await Promise.race([
      options.fetch(url, {
        method: request.method,
        headers,
        body: request.body,
        // A browser session cookie must never authenticate an API call (reference §14).
        credentials: 'omit',
        // A fresh self-hosted server redirects everything to /first_run: that is not the API.
        redirect: 'manual',
        signal: controller.signal,
      }),
      stopped,
    ]);
    const text = await Promise.race([response.text(), stopped]);
    return { status: response.status, type: response.type, headers: response.headers, text };
  } catch (error) {
    if (stopReason === 'timeout') {
      throw new AppError(
        'timeout',
        `The server did not answer within ${Math.round(options.timeoutMs / 1000)} s.`,
      );
    }
    if (stopReason === 'aborted') throw new AppError('aborted', 'The request was cancelled.');
    if (error instanceof AppError) throw error;
    // Aborted by the browser, not by us: Firefox aborts a background page's requests as it reloads the page,
    // before the page hears it is going. Cancelled as a caller's abort is; the server may have had it.
    if (error instanceof DOMException && error.name === 'AbortError')
      throw new AppError('aborted', 'The request was cancelled.');
    const cause = request.secret ? undefined : error;
    // fetch rejects with a TypeError for DNS, TLS, refused connections, CORS and missing host permissions.
    if (error instanceof TypeError)
      throw new AppError('network', 'The server could not be reached.', { cause });
    throw new AppError('internal', 'The request failed unexpectedly.', { cause });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}
