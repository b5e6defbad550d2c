import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { AppError } from '@/lib/errors';

/**
 * Servers the mock backend cannot be: a fresh self-hosted server redirecting to /first_run, a plain web
 * site, a v1-only server, a pre-2024 server throttling with 403, a dead or slow network. A small fetch
 * returning such a Response is the honest way to stand in for them.
 */

const BASE = 'https://pwpush.example';
const html = (status = 200) =>
  new Response('<!doctype html><title>x</title>', { status, headers: { 'content-type': 'text/html' } });
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fetch answering per path, recording every request it receives. */
function cannedFetch(routes: Record<string, () => Response>) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const route = routes[new URL(request.url).pathname];
    return route ? route() : json({ status: 404, error: 'Not Found' }, 404);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

const OSS_V1 = { application_version: '1.60.0', api_version: '1.5', edition: 'oss' };

describe('servers that are not (or not yet) a v2 secret-push API', () => {
  it('reads a redirect (a fresh server sending everything to /first_run) as not-secret-push', async () => {
    const { fetch, requests } = cannedFetch({
      '/api/v2/version': () =>
        new Response(null, { status: 302, headers: { location: `${BASE}/first_run` } }),
    });
    const client = createApiClient({ baseUrl: BASE, fetch });
    expect(await codeOf(client.version())).toBe('not-secret-push');
    expect(requests[0]?.redirect).toBe('manual');
  });

  it('reads a browser opaque redirect as not-secret-push', async () => {
    const opaque = html(200);
    Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' });
    Object.defineProperty(opaque, 'status', { value: 0 });
    const client = createApiClient({ baseUrl: BASE, fetch: async () => opaque });
    expect(await codeOf(client.version())).toBe('not-secret-push');
  });

  it('reads an HTML 200 as not-secret-push', async () => {
    const { fetch } = cannedFetch({ '/api/v2/version': () => html(200) });
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('not-secret-push');
  });

  it('reads a 200 that is neither HTML nor JSON as not-secret-push', async () => {
    const { fetch } = cannedFetch({ '/api/v2/version': () => new Response('hello', { status: 200 }) });
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('not-secret-push');
  });

  it('probes /api/v1/version.json after a v2 404 and reports a v1-only server as needs-api-v2', async () => {
    const { fetch, requests } = cannedFetch({ '/api/v1/version.json': () => json(OSS_V1) });
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('needs-api-v2');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/v2/version', '/api/v1/version.json']);
  });

  it('reports a server with neither version endpoint as not-secret-push', async () => {
    const { fetch } = cannedFetch({});
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('not-secret-push');
  });

  it('reports an HTML v1 probe as not-secret-push', async () => {
    const { fetch } = cannedFetch({
      '/api/v2/version': () => html(404),
      '/api/v1/version.json': () => html(200),
    });
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('not-secret-push');
  });

  it('reads a 404 HTML page on an API path as not-secret-push, and a JSON 404 as not-found', async () => {
    const htmlClient = createApiClient({ baseUrl: BASE, fetch: async () => html(404) });
    expect(await codeOf(htmlClient.previewPush('abcdefghijk'))).toBe('not-secret-push');
    const jsonClient = createApiClient({
      baseUrl: BASE,
      fetch: async () => json({ error: 'not-found' }, 404),
    });
    expect(await codeOf(jsonClient.previewPush('abcdefghijk'))).toBe('not-found');
  });
});

describe('statuses without a row of their own', () => {
  it.each([500, 502, 405])('reads HTTP %i as http with the status', async (status) => {
    const client = createApiClient({ baseUrl: BASE, fetch: async () => json({ error: 'x' }, status) });
    expect(await client.activePage().catch((e: AppError) => e.toJSON())).toMatchObject({
      code: 'http',
      status,
    });
  });
});

describe('edition detection beyond the two known editions', () => {
  const versionWith = (edition: string, features?: Record<string, unknown>) =>
    cannedFetch({
      '/api/v2/version': () => json({ application_version: '9.0.0', api_version: '2.1', edition, features }),
    }).fetch;

  it.each([
    ['commercial', undefined, 'pro'],
    ['oss', { accounts: { enabled: true } }, 'oss'],
    ['enterprise', { accounts: { enabled: true } }, 'pro'],
    ['enterprise', { requests: { enabled: true } }, 'pro'],
    ['enterprise', { accounts: { enabled: false }, requests: { enabled: false } }, 'oss'],
    ['', undefined, 'oss'],
  ])('reads edition %j with features %j as %s', async (edition, features, expected) => {
    const client = createApiClient({ baseUrl: BASE, fetch: versionWith(edition, features) });
    await expect(client.edition()).resolves.toBe(expected);
  });

  it('asks again after a failed detection instead of caching the failure', async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ application_version: '2.11.4', api_version: '2.1', edition: 'oss' });
    }) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch });
    expect(await codeOf(client.edition())).toBe('network');
    await expect(client.edition()).resolves.toBe('oss');
    await expect(client.edition()).resolves.toBe('oss');
    expect(calls).toBe(2);
  });
});

describe('a 403 requiring two-factor authentication (require_mfa, reference §1 and §7)', () => {
  const MFA = { error: 'Two-factor authentication is required. Please set it up to continue.' };
  const RECIPIENT = { error: 'This push requires recipient verification in a browser.' };
  const OSS_VERSION = { application_version: '2.11.4', api_version: '2.1', edition: 'oss' };
  /** A server answering every API call but /version with the given 403 body. */
  const refusing = (body: unknown) =>
    (async (input: RequestInfo | URL) =>
      new URL(String(input)).pathname === '/api/v2/version'
        ? json(OSS_VERSION)
        : json(body, 403)) as typeof globalThis.fetch;
  const withToken = (body: unknown) =>
    createApiClient({ baseUrl: BASE, token: 'alice-token', fetch: refusing(body) });

  it.each([
    ['create', (c: ReturnType<typeof withToken>) => c.createPush({ payload: 'x' })],
    ['retrieve', (c: ReturnType<typeof withToken>) => c.retrievePush('abcdefghijk')],
    ['preview', (c: ReturnType<typeof withToken>) => c.previewPush('abcdefghijk')],
    ['active', (c: ReturnType<typeof withToken>) => c.activePage()],
    ['expired', (c: ReturnType<typeof withToken>) => c.expiredPage()],
  ])('reads it on %s with a token as account-restricted', async (_name, call) => {
    const error = await call(withToken(MFA)).catch((e: AppError) => e);
    expect(error).toMatchObject({ code: 'account-restricted', status: 403 });
  });

  it("keeps audit's and delete's 403 as the ownership refusal", async () => {
    const client = withToken({ error: "That push doesn't belong to you." });
    expect(await codeOf(client.auditPage('abcdefghijk'))).toBe('forbidden');
    expect(await codeOf(client.deletePush('abcdefghijk'))).toBe('forbidden');
  });

  it('keeps recipient-verification for the retrieve 403 of the contract, with or without a token', async () => {
    expect(await codeOf(withToken(RECIPIENT).retrievePush('abcdefghijk'))).toBe('recipient-verification');
    const anonymous = createApiClient({ baseUrl: BASE, fetch: refusing(RECIPIENT) });
    expect(await codeOf(anonymous.retrievePush('abcdefghijk'))).toBe('recipient-verification');
  });

  it('does not call an anonymous 403 elsewhere an ownership or account problem', async () => {
    const anonymous = createApiClient({ baseUrl: BASE, fetch: refusing(MFA) });
    expect(await codeOf(anonymous.previewPush('abcdefghijk'))).toBe('http');
  });
});

describe('the version call', () => {
  it('is sent once for version() and edition() together (testConnection asks both)', async () => {
    const { fetch, requests } = cannedFetch({
      '/api/v2/version': () => json({ application_version: '2.11.4', api_version: '2.1', edition: 'oss' }),
    });
    const client = createApiClient({ baseUrl: BASE, fetch });
    const info = await client.version();
    await expect(client.edition()).resolves.toBe('oss');
    await expect(client.version()).resolves.toEqual(info);
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['an array', []],
    ['a string', 'ok'],
    ['an object without edition or api_version', { status: 'ok', name: 'Some other API' }],
    ['null', null],
  ])('reads a JSON version answer that is %s as not-secret-push', async (_name, body) => {
    const { fetch } = cannedFetch({ '/api/v2/version': () => json(body) });
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('not-secret-push');
  });

  it('still reads a version object with a mistyped field as bad-response', async () => {
    const { fetch } = cannedFetch({
      '/api/v2/version': () => json({ application_version: 2, api_version: '2.1', edition: 'oss' }),
    });
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('bad-response');
  });
});

describe('older servers throttling with 403', () => {
  it('reads 403 "Rate Limit Exceeded" as rate-limited and waits it out on a read', async () => {
    let calls = 0;
    const slept: number[] = [];
    const fetch = (async () => {
      calls++;
      return calls === 1
        ? new Response('Rate Limit Exceeded', {
            status: 403,
            headers: { 'content-type': 'text/plain', 'retry-after': '2' },
          })
        : json({ url: `${BASE}/p/abcdefghijk` });
    }) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch, sleep: async (ms) => void slept.push(ms) });
    await expect(client.previewPush('abcdefghijk')).resolves.toEqual({ url: `${BASE}/p/abcdefghijk` });
    expect(slept).toEqual([2000]);
  });

  it('reads 403 "Rate Limit Exceeded" without Retry-After as rate-limited, without waiting', async () => {
    const slept: number[] = [];
    const fetch = (async () =>
      new Response('Rate Limit Exceeded\n', { status: 403 })) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch, sleep: async (ms) => void slept.push(ms) });
    const error = await client.activePage().catch((e: AppError) => e);
    expect(error).toMatchObject({ code: 'rate-limited', status: 403, retryAfter: undefined });
    expect(slept).toEqual([]);
  });
});

describe('network failures, timeouts and cancellation', () => {
  it('maps a fetch TypeError to network', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('network');
  });

  it('keeps the raw fetch error out of a failed retrieval that carries a passphrase in its URL', async () => {
    const fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/v2/version'))
        return json({ application_version: '2.11.4', api_version: '2.1', edition: 'oss' });
      throw new TypeError(`fetch failed: ${url}`);
    }) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch });
    const error = (await client
      .retrievePush('abcdefghijk', { passphrase: 'hunter2-secret' })
      .catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('network');
    expect(error.cause).toBeUndefined();
    expect(JSON.stringify(error.toJSON()) + error.message).not.toContain('hunter2-secret');
  });

  it('times out a server that never answers, even when the fetch ignores its signal', async () => {
    const fetch = (() => new Promise<Response>(() => undefined)) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch, timeoutMs: 30 });
    expect(await codeOf(client.version())).toBe('timeout');
  });

  it('times out a body that never finishes', async () => {
    const stalled = new ReadableStream<Uint8Array>({ start: () => undefined });
    const fetch = (async () => new Response(stalled, { status: 200 })) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch, timeoutMs: 30 });
    expect(await codeOf(client.version())).toBe('timeout');
  });

  it('aborts the fetch signal when the time is up', async () => {
    let seen: AbortSignal | undefined;
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) => {
      seen = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    }) as typeof globalThis.fetch;
    await createApiClient({ baseUrl: BASE, fetch, timeoutMs: 20 })
      .version()
      .catch(() => undefined);
    expect(seen?.aborted).toBe(true);
  });

  it('maps a caller abort to aborted, before and during a request', async () => {
    const fetch = (() => new Promise<Response>(() => undefined)) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: BASE, fetch });
    expect(await codeOf(client.retrievePush('abcdefghijk', { signal: AbortSignal.abort() }))).toBe('aborted');
    const controller = new AbortController();
    const pending = client.retrievePush('abcdefghijk', { signal: controller.signal });
    controller.abort();
    expect(await codeOf(pending)).toBe('aborted');
  });

  // Firefox aborts a background page's requests as it reloads the page: not the server's failure, and not
  // "something went wrong in the extension".
  it('maps an abort the browser made (no caller signal, no timeout) to aborted, not to internal', async () => {
    const fetch = (async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    }) as typeof globalThis.fetch;
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch }).version())).toBe('aborted');
    const other = (async () => {
      throw new RangeError('something else');
    }) as typeof globalThis.fetch;
    expect(await codeOf(createApiClient({ baseUrl: BASE, fetch: other }).version())).toBe('internal');
  });
});

describe('client input checks', () => {
  const fetch = (async () => {
    throw new Error('no request expected');
  }) as typeof globalThis.fetch;
  const client = createApiClient({ baseUrl: BASE, fetch });

  it.each(['../version', 'ABC', 'a/b', 'a?b', '', 'active', 'expired'])(
    'refuses url_token %j before any request',
    async (token) => {
      const error = (await client.retrievePush(token).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe('validation');
      expect(error.fields).toHaveProperty('url_token');
    },
  );

  it.each([0, 201, 1.5, Number.NaN])('refuses page %s before any request', async (page) => {
    expect(await codeOf(client.activePage(page))).toBe('invalid-page');
  });

  it.each(['ftp://x.example', 'not a url'])('refuses the base URL %j', (baseUrl) => {
    expect(() => createApiClient({ baseUrl })).toThrow(AppError);
  });

  it('drops a trailing slash and keeps a path prefix in the base URL', async () => {
    const { fetch: recording, requests } = cannedFetch({});
    const prefixed = createApiClient({ baseUrl: 'https://host.example/pwpush/', fetch: recording });
    expect(prefixed.baseUrl).toBe('https://host.example/pwpush');
    await prefixed.previewPush('abcdefghijk').catch(() => undefined);
    expect(requests[0]?.url).toBe('https://host.example/pwpush/api/v2/pushes/abcdefghijk/preview');
  });
});
