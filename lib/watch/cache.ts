/**
 * The cache as the refresh core sees it: an interface, so the core takes its cache as it takes its clock and
 * client. A commit is one transaction: pushes, audits, events and state land together. One cache is one
 * account's (account.ts): it reads only that account's records and stamps its key on every record it writes.
 */
import { stateKey, unstamp, type WatchDatabase } from './schema';
import { withLocalFacts } from './tracked';
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
  /**
   * Writes the change and the state at once; returns the events that were new (an id already stored is
   * skipped). The new events' ids join the state's `unnotified` in the same transaction, whatever `state`
   * holds: the background notifies them (background/notify.ts), then takes them out with `notified`.
   */
  commit(change: CacheChange, state: WatcherState): Promise<WatchEvent[]>;
  /** The events committed and not yet notified (or left as not wanted), oldest first. */
  unnotified(): Promise<WatchEvent[]>;
  /** These events were notified (or are not wanted): they leave the state's `unnotified`. */
  notified(ids: string[]): Promise<void>;
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
      const pushes = tx.objectStore('pushes');
      for (const push of change.pushes) {
        // Read again here: the change was computed from the cache before the server answered.
        const stored = await pushes.get([push.server, push.url_token]);
        await pushes.put(
          stamp(withLocalFacts(push, stored?.account === account ? unstamp(stored) : undefined)),
        );
      }
      for (const audit of change.audits) await tx.objectStore('audit').put(stamp(audit));
      const events = tx.objectStore('events');
      for (const event of change.events) {
        if (await events.getKey(event.id)) continue;
        await events.add(stamp(event));
        added.push(event);
      }
      // A stop of the worker between this commit and the notifications loses none: what is still to notify
      // is kept with the events (issue 40), read in this transaction, never taken from the caller's state.
      const stateStore = tx.objectStore('state');
      const pending = (await stateStore.get(stateKey(account)))?.unnotified ?? [];
      const known = new Set(pending);
      const unnotified = [...pending, ...added.map((event) => event.id).filter((id) => !known.has(id))];
      const next: WatcherState = { ...state };
      if (unnotified.length > 0) next.unnotified = unnotified;
      else delete next.unnotified;
      await stateStore.put(next, stateKey(account));
      await tx.done;
      return added;
    },
    async unnotified() {
      const db = await open();
      const tx = db.transaction(['events', 'state']);
      const ids = (await tx.objectStore('state').get(stateKey(account)))?.unnotified ?? [];
      const events = await Promise.all(ids.map((id) => tx.objectStore('events').get(id)));
      await tx.done;
      return events.flatMap((event) => (event?.account === account ? [unstamp(event)] : []));
    },
    async notified(ids) {
      if (ids.length === 0) return;
      const db = await open();
      const tx = db.transaction('state', 'readwrite');
      const stored = await tx.store.get(stateKey(account));
      if (stored?.unnotified) {
        const done = new Set(ids);
        const left = stored.unnotified.filter((id) => !done.has(id));
        const next: WatcherState = { ...stored, unnotified: left };
        if (left.length === 0) delete next.unnotified;
        await tx.store.put(next, stateKey(account));
      }
      await tx.done;
    },
  };
}
