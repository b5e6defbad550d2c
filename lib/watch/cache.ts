/**
 * The cache as the refresh core sees it: an interface, so the core takes its cache as it takes its clock and
 * client. A commit is one transaction: pushes, audits, events and state land together. One cache is one
 * account's (account.ts): it reads only that account's records and stamps its key on every record it writes.
 */
import { stateKey, unstamp, type WatchDatabase } from './schema';
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
  /**
   * Whether any push of `server` is cached, without reading them all: the watcher asks on every dashboard
   * open (background/stale.ts), and reading 10,000 pushes to learn that took the cache's backend 200–500 ms,
   * which the page's own first read then waited behind (issue 22).
   */
  hasPushes(server: string): Promise<boolean>;
  audit(server: string, urlToken: string): Promise<CachedAudit | undefined>;
  state(): Promise<WatcherState>;
  /** Writes the change and the state at once; returns the events that were new (an id already stored is skipped). */
  commit(change: CacheChange, state: WatcherState): Promise<WatchEvent[]>;
}

/** The cache of one account (account.ts accountKey) on the extension's IndexedDB (lib/watch/db.ts). */
export function idbCache(open: () => Promise<WatchDatabase>, account: string): WatchCache {
  const stamp = <T extends object>(record: T) => ({ ...record, account });
  return {
    async pushes(server) {
      const all = await (await open()).getAllFromIndex('pushes', 'by-account', account);
      return all.filter((push) => push.server === server).map(unstamp);
    },
    async hasPushes(server) {
      const index = (await open()).transaction('pushes').store.index('by-account');
      // An account is one server's (account-key.ts), so the first record nearly always answers.
      for (let cursor = await index.openCursor(account); cursor; cursor = await cursor.continue())
        if (cursor.value.server === server) return true;
      return false;
    },
    async audit(server, urlToken) {
      const audit = await (await open()).get('audit', [server, urlToken]);
      return audit?.account === account ? unstamp(audit) : undefined;
    },
    state: async () => (await (await open()).get('state', stateKey(account))) ?? INITIAL_STATE,
    async commit(change, state) {
      const db = await open();
      const tx = db.transaction(['pushes', 'audit', 'events', 'state'], 'readwrite');
      const added: WatchEvent[] = [];
      for (const push of change.pushes) await tx.objectStore('pushes').put(stamp(push));
      for (const audit of change.audits) await tx.objectStore('audit').put(stamp(audit));
      const events = tx.objectStore('events');
      for (const event of change.events) {
        if (await events.getKey(event.id)) continue;
        await events.add(stamp(event));
        added.push(event);
      }
      await tx.objectStore('state').put(state, stateKey(account));
      await tx.done;
      return added;
    },
  };
}
