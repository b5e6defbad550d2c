import { IDBFactory } from 'fake-indexeddb';
import { createApiClient, type ApiClientOptions, type Edition } from '@/lib/api';
import { createMockBackend, openMockStore, type MockBackendOptions, type MockStore } from '@/lib/mock';

/**
 * The unit tests' one mock harness: the real client wired to the real mock backend in-process, on a fresh
 * fake IndexedDB, with a clock the test controls and every Request the backend receives kept for
 * inspection. The watcher's tests build theirs on it (test/lib/watch/helpers.ts).
 */

export const BASE = 'http://127.0.0.1:8787';
export const ALICE = { email: 'alice@example.com', token: 'alice-token-abcdefghij' };
export const BOB = { email: 'bob@example.com', token: 'bob-token-abcdefghijkl' };
/** 2026-01-01T00:00:00Z: tests that need a window position move the clock from here. */
export const START = Date.UTC(2026, 0, 1);

export type Tamper = (
  request: Request,
  forward: (request: Request) => Promise<Response>,
) => Promise<Response>;

export interface Harness {
  /** A client of the mock: anonymous by default, `token` for a user. */
  client(token?: string | null, extra?: Partial<ApiClientOptions>): ReturnType<typeof createApiClient>;
  fetch: typeof fetch;
  /** Every request the backend received (clones, bodies unread). */
  requests: Request[];
  /** Requests other than the version probe, as "METHOD /path". */
  calls(): string[];
  advance(ms: number): void;
  now(): number;
  /** Milliseconds passed to the client's sleep. */
  slept: number[];
  /** Replaces how requests reach the backend (a proxy that breaks things). */
  tamper(next: Tamper | null): void;
  /** The mock's own store, for a test that seeds or reads it directly. */
  store: MockStore;
  /** A fetch from a visitor of its own (IP, user agent), straight to the backend: not recorded, not tampered. */
  fetchFrom(ip: string, userAgent: string): typeof fetch;
}

export async function harness(edition: Edition, options: Partial<MockBackendOptions> = {}): Promise<Harness> {
  const store = await openMockStore({ indexedDB: new IDBFactory() });
  let now = START;
  const backend = createMockBackend({
    store,
    baseUrl: BASE,
    edition,
    users: [ALICE, BOB],
    clock: () => now,
    rateLimit: 0,
    ...options,
  });
  const requests: Request[] = [];
  const slept: number[] = [];
  let tamper: Tamper | null = null;
  // The test's own requests come from one address, as a browser's would.
  const forward = (request: Request) => {
    requests.push(request.clone());
    return backend(request, { ip: '192.0.2.1' });
  };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return tamper ? tamper(request, forward) : forward(request);
  }) as typeof globalThis.fetch;
  // The client's sleep moves the mock's clock: a wait is instant but real to the rate limiter.
  const sleep = async (ms: number) => {
    slept.push(ms);
    now += ms;
  };
  return {
    client: (token = null, extra = {}) => createApiClient({ baseUrl: BASE, token, fetch, sleep, ...extra }),
    fetch,
    requests,
    calls: () =>
      requests
        .map((r) => `${r.method} ${new URL(r.url).pathname}`)
        .filter((call) => !call.endsWith('/api/v2/version')),
    advance: (ms) => void (now += ms),
    now: () => now,
    slept,
    tamper: (next) => void (tamper = next),
    store,
    fetchFrom: (ip, userAgent) =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        headers.set('user-agent', userAgent);
        return backend(new Request(input, { ...init, headers }), { ip });
      }) as typeof globalThis.fetch,
  };
}

export async function errorOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as import('@/lib/errors').AppError,
  );
}
