import { createApiClient, type ApiClient, type CreatePushInput, type Edition, type Push } from '@/lib/api';
import { loadSettings, saveSettings } from '@/lib/settings';
import { accountKey } from '@/lib/watch/account';
import { setupWatcher, type Watcher } from '@/lib/watch/background';
import { closeWatchDb } from '@/lib/watch/db';
import { readTracked } from '@/lib/watch/read';
import type { WatcherState, WatchEvent } from '@/lib/watch/types';
import { WATCH_DB_NAME } from '@/lib/watch/schema';
import { ALICE, BASE, harness, START } from '../api/harness';

export { ALICE, BASE, START };

/**
 * The real client against the real mock backend in-process: a clock the test moves, visitors with their own
 * IP and user agent, and a count of the list and audit requests the watcher makes.
 */
export interface WatchHarness {
  /** Alice's client: the one the watcher uses. */
  owner: ApiClient;
  anonymous: ApiClient;
  create(input?: CreatePushInput): Promise<Push>;
  /**
   * A large account in a blink: one push created through the API, and `count - 1` copies of it written
   * straight to the mock's store, one second apart and older than it (tokens newest first). 10,000 creates
   * through the API would each read all of Alice's pushes to number the next.
   */
  seed(count: number, input?: CreatePushInput): Promise<string[]>;
  /** Opens a push as a recipient from `ip` with `userAgent`. */
  view(
    urlToken: string,
    visitor?: { ip?: string; userAgent?: string; passphrase?: string },
  ): Promise<unknown>;
  clock: () => number;
  advance(ms: number): void;
  /** Requests the watcher made since the last reset, by kind. */
  counts(): { list: number; audit: number; other: number };
  resetCounts(): void;
  /** Replaces the answer of the owner's requests (offline, 5xx, 429). */
  fail(
    answer:
      | ((request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>)
      | null,
  ): void;
}

export async function watchHarness(edition: Edition = 'pro'): Promise<WatchHarness> {
  const h = await harness(edition);
  const counts = { list: 0, audit: 0, other: 0 };
  // The watcher's requests, counted by kind as they reach the backend (or the failure the test set).
  h.tamper((request, forward) => {
    const path = new URL(request.url).pathname;
    if (/\/pushes\/(active|expired)/.test(path)) counts.list++;
    else if (path.endsWith('/audit') || path.endsWith('/audit.json')) counts.audit++;
    else if (!path.endsWith('/version')) counts.other++;
    return failure ? failure(request, forward) : forward(request);
  });
  let failure: Parameters<WatchHarness['fail']>[0] = null;
  const { store } = h;
  const visitorFetch = h.fetchFrom;
  const ownerCreate = async (input: CreatePushInput = {}) => {
    const client = createApiClient({
      baseUrl: BASE,
      token: ALICE.token,
      fetch: visitorFetch('192.0.2.1', 'Owner/1.0'),
    });
    return (await client.createPush({ payload: 'hunter2-top-secret', expire_after_views: 5, ...input })).push;
  };
  const owner = h.client(ALICE.token);
  const anonymous = createApiClient({ baseUrl: BASE, fetch: visitorFetch('198.51.100.7', 'Anon/1.0') });
  return {
    owner,
    anonymous,
    create: ownerCreate,
    view: (urlToken, visitor = {}) =>
      createApiClient({
        baseUrl: BASE,
        fetch: visitorFetch(visitor.ip ?? '203.0.113.4', visitor.userAgent ?? 'Firefox/140.0'),
      })
        .retrievePush(urlToken, visitor.passphrase ? { passphrase: visitor.passphrase } : {})
        .catch((error: unknown) => error),
    seed: async (count, input = {}) => {
      const template = await ownerCreate(input);
      const stored = (await store.getPush(template.url_token))!;
      const { id: _id, ...creation } = (await store.auditOf(template.url_token))[0]!;
      const tokens = [template.url_token];
      const copies = [];
      for (let i = 1; i < count; i++) {
        const at = stored.created_at - i * 1000;
        const url_token = `seeded${String(i).padStart(5, '0')}`;
        const life = stored.expires_at - stored.created_at;
        const push = { ...stored, url_token, seq: stored.seq - i, created_at: at, updated_at: at };
        const audit = [{ ...creation, url_token, created_at: at }];
        copies.push({ push: { ...push, expires_at: at + life, erase_at: at + life }, audit });
        tokens.push(url_token);
      }
      await store.commit(...copies);
      return tokens;
    },
    clock: h.now,
    advance: h.advance,
    counts: () => ({ ...counts }),
    resetCounts: () => Object.assign(counts, { list: 0, audit: 0, other: 0 }),
    fail: (answer) => void (failure = answer),
  };
}

/** A fresh 'secret-push' database: closes the shared connection (as a stopped worker would) and deletes it. */
export async function resetWatchDb(): Promise<void> {
  closeWatchDb();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(WATCH_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('deleteDatabase failed'));
  });
}

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** Saves BASE with Alice's token as the settings (as Settings does) and returns its account key. */
export async function signInAlice(): Promise<string> {
  const server = { kind: 'self-hosted' as const, url: BASE };
  const token = { value: ALICE.token, place: 'device' as const, origin: new URL(BASE).origin };
  await saveSettings({ type: 'server', entry: { server, token } });
  return (await accountKey({ demoMode: false, server, token: ALICE.token }))!;
}

/** The followed accounts' events, newest first, through the pages' one read (read.ts readTracked). */
export async function listEvents(): Promise<WatchEvent[]> {
  return (await readTracked(await loadSettings())).events;
}

/** The watcher's state of the current account (or the demo), through the pages' one read. */
export async function readWatcherState(): Promise<WatcherState> {
  return (await readTracked(await loadSettings())).watcher;
}

/**
 * The watcher as the background worker starts it, following the harness's owner as `account`; `stop` is a
 * stopped worker: listeners and the database connection go, storage, alarms, the badge and IndexedDB stay.
 */
export function testWorker(of: () => { h: WatchHarness; account: string }) {
  let watcher: Watcher | undefined;
  return {
    start(): Watcher {
      const { h, account } = of();
      watcher = setupWatcher({
        clock: h.clock,
        connect: async () => ({ client: h.owner, hasToken: true, account }),
      });
      return watcher;
    },
    stop(): void {
      watcher?.dispose();
      watcher = undefined;
      closeWatchDb();
    },
    /** The watcher started last, while it runs. */
    get running(): Watcher | undefined {
      return watcher;
    },
  };
}
