/**
 * The demo service's host: turns wire requests into calls to the mock backend and its answers back into
 * wire responses. Runs in the offscreen document (Chrome) or the background page (Firefox). It keeps only
 * caches that are rebuilt on demand; the service's state lives in IndexedDB, so a new host (a reopened
 * offscreen document, a restarted background) sees every earlier push.
 */
import { shared } from '@/lib/async';
import { createMockBackend, openMockStore, refresh, viewsLeft, type MockHandler } from '@/lib/mock';
import { responseToWire, wireToRequest, type WireRequest, type WireResponse } from '@/lib/messages/wire';
import { DEMO_BASE_URL, DEMO_DB_NAME, DEMO_MAX_BODY_BYTES, DEMO_USER_EMAIL } from './constants';
import type { DemoPageInfo } from './page-info';

export interface DemoHostOptions {
  /** Where html_url and files[].url point: the viewer page, with the path in its hash. */
  pageUrl: (path: string) => string;
  indexedDB?: IDBFactory;
  dbName?: string;
  clock?: () => number;
  random?: (bytes: number) => Uint8Array;
}

export interface DemoHost {
  /** Answers one request as the demo service; token is the demo user's token (the host has no storage). */
  handle(request: WireRequest, token: string, signal?: AbortSignal): Promise<WireResponse>;
  /** What the service's own recipient page knows about a push (its kind), read without counting a view. */
  pageInfo(urlToken: string): Promise<DemoPageInfo>;
}

export function createDemoHost(options: DemoHostOptions): DemoHost {
  let backend: { token: string; handler: MockHandler } | undefined;
  // Opened once per host; a failed open is not kept, so the next request tries the database again.
  const openStore = shared(async () => {
    const store = await openMockStore({ indexedDB: options.indexedDB, name: options.dbName ?? DEMO_DB_NAME });
    // Someone deletes (or upgrades) the database: the background under a policy that forbids demo mode
    // (erase.ts deleteDemoData). Close at once so it is not blocked; the next request opens it afresh.
    store.db.addEventListener('versionchange', () => {
      store.close();
      openStore.reset();
      backend = undefined;
    });
    return store;
  });

  async function handlerFor(token: string): Promise<MockHandler> {
    const opened = await openStore();
    if (backend?.token !== token) {
      backend = {
        token,
        handler: createMockBackend({
          store: opened,
          baseUrl: DEMO_BASE_URL,
          users: [{ email: DEMO_USER_EMAIL, token }],
          pageUrl: options.pageUrl,
          clock: options.clock,
          random: options.random,
          // One person on one browser: a per-address limit would only get in the way of the dashboard.
          rateLimit: 0,
          // A request crosses one runtime message as base64 (Chrome caps a message at 64 MiB), so the limit
          // is one whose base64 always fits; demoFetch answers a larger body with the same 413.
          maxBodyBytes: DEMO_MAX_BODY_BYTES,
        }),
      };
    }
    return backend.handler;
  }

  return {
    async handle(wire, token, signal) {
      const handler = await handlerFor(token);
      const response = await handler(wireToRequest(wire, { signal }), { ip: '127.0.0.1' });
      return responseToWire(response);
    },
    async pageInfo(urlToken) {
      const stored = await (await openStore()).getPush(urlToken);
      if (!stored) return { kind: null, live: false, views_remaining: 0, expires_at: null };
      // As the host's page would see it now (time and views checked), without saving or counting anything.
      const push = refresh(stored, (options.clock ?? Date.now)()) ?? stored;
      const live = !push.expired;
      return {
        kind: push.kind,
        live,
        views_remaining: live ? viewsLeft(push) : 0,
        expires_at: live ? new Date(push.expires_at).toISOString() : null,
      };
    },
  };
}

/** The viewer-page URL for a path of the demo service, e.g. chrome-extension://<id>/viewer.html#/p/abc. */
export function viewerPageUrl(viewerUrl: string): (path: string) => string {
  return (path) => `${viewerUrl}#${path}`;
}
