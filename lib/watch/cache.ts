/**
 * The cache as the refresh core sees it: an interface, so the core runs on IndexedDB in the extension and on
 * memory in a Node benchmark. A commit is one transaction: pushes, audits, events and state land together.
 */
import type { WatchDatabase } from './db';
import {
  INITIAL_STATE,
  type CachedAudit,
  type TrackedPush,
  type WatcherState,
  type WatchEvent,
} from './types';

export interface CacheChange {
  pushes: TrackedPush[];
  audits: CachedAudit[];
  events: WatchEvent[];
}

export interface WatchCache {
  pushes(server: string): Promise<TrackedPush[]>;
  audit(server: string, urlToken: string): Promise<CachedAudit | undefined>;
  state(): Promise<WatcherState>;
  /** Writes the change and the state at once; returns the events that were new (an id already stored is skipped). */
  commit(change: CacheChange, state: WatcherState): Promise<WatchEvent[]>;
}

const STATE_KEY = 'watcher';

/** The cache on the extension's IndexedDB (lib/watch/db.ts). */
export function idbCache(open: () => Promise<WatchDatabase>): WatchCache {
  return {
    pushes: async (server) => (await open()).getAllFromIndex('pushes', 'by-server', server),
    audit: async (server, urlToken) => (await open()).get('audit', [server, urlToken]),
    state: async () => (await (await open()).get('state', STATE_KEY)) ?? INITIAL_STATE,
    async commit(change, state) {
      const db = await open();
      const tx = db.transaction(['pushes', 'audit', 'events', 'state'], 'readwrite');
      const added: WatchEvent[] = [];
      for (const push of change.pushes) await tx.objectStore('pushes').put(push);
      for (const audit of change.audits) await tx.objectStore('audit').put(audit);
      const events = tx.objectStore('events');
      for (const event of change.events) {
        if (await events.getKey(event.id)) continue;
        await events.add(event);
        added.push(event);
      }
      await tx.objectStore('state').put(state, STATE_KEY);
      await tx.done;
      return added;
    },
  };
}

/** The cache in memory: for a benchmark or a test that needs no IndexedDB. */
export function memoryCache(): WatchCache & { events(): WatchEvent[] } {
  const pushes = new Map<string, TrackedPush>();
  const audits = new Map<string, CachedAudit>();
  const events = new Map<string, WatchEvent>();
  let saved: WatcherState = INITIAL_STATE;
  const key = (server: string, token: string) => JSON.stringify([server, token]);
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    pushes: async (server) => [...pushes.values()].filter((p) => p.server === server).map(copy),
    audit: async (server, urlToken) => copy(audits.get(key(server, urlToken))),
    state: async () => copy(saved),
    async commit(change, state) {
      for (const push of change.pushes) pushes.set(key(push.server, push.url_token), copy(push));
      for (const audit of change.audits) audits.set(key(audit.server, audit.url_token), copy(audit));
      const added = change.events.filter((event) => !events.has(event.id));
      for (const event of added) events.set(event.id, copy(event));
      saved = copy(state);
      return added;
    },
    events: () => [...events.values()],
  };
}
