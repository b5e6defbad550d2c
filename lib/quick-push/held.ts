/**
 * What a quick push's notification holds until the person acts on it: a failed request and where it was
 * going for "Try again", or a link on another origin for "Copy anyway", and for nothing else. Entries are
 * keyed by notification id, taken out (removed) before they are used, and removed when the notification
 * is dismissed.
 */
import { lazySchema, z } from '@/lib/zod';
import { exclusive } from '@/lib/async';
import { quickPushHeldItem, quickPushLinksItem } from '@/lib/store';
import { heldPushSchema, type HeldPush } from './types';

export interface Held<T> {
  put(id: string, entry: T): Promise<void>;
  /** Removes the entry and returns it; undefined when nothing (valid) is held under `id`. */
  take(id: string): Promise<T | undefined>;
  remove(id: string): Promise<void>;
}
export type HeldPushes = Held<HeldPush>;
export type HeldLinks = Held<string>;

type SessionItem = typeof quickPushHeldItem;

/**
 * storage.session survives a restart of Chrome's service worker (a "Try again" minutes later still works)
 * but not a browser restart. Operations run one after another, under a lock across contexts (issue 40):
 * each is a read-modify-write of one item.
 * Entries are read back through `schema` (the storage boundary).
 */
function sessionHeld<T>(schema: z.core.$ZodType<T>, item: SessionItem): Held<T> {
  function update<R>(change: (all: Record<string, unknown>) => R): Promise<R> {
    return exclusive(`secret-push:${item.key}`, async () => {
      const all = { ...(await item.getValue()) };
      const result = change(all);
      await item.setValue(all);
      return result;
    });
  }
  return {
    put: (id, entry) =>
      update((all) => {
        all[id] = entry;
      }),
    take: (id) =>
      update((all) => {
        const entry = all[id];
        delete all[id];
        const parsed = z.safeParse(schema, entry);
        return parsed.success ? parsed.data : undefined;
      }),
    remove: (id) =>
      update((all) => {
        delete all[id];
      }),
  };
}

/** Failed requests with where they were going, for "Try again". */
export function sessionHeldPushes(item: SessionItem = quickPushHeldItem): HeldPushes {
  return sessionHeld(heldPushSchema, item);
}

// Built on its first use: the background makes its held links at every start (issue 22).
const linkSchema = lazySchema(() => z.string());

/** Links on another origin than the server, for "Copy anyway". */
export function sessionHeldLinks(item: SessionItem = quickPushLinksItem): HeldLinks {
  return sessionHeld(linkSchema, item);
}
