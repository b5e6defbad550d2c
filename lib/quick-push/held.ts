/**
 * What a failed quick push had, held for its notification's "Try again" and for nothing else. Entries are
 * keyed by notification id, taken out (removed) before they are sent again, and removed when the
 * notification is dismissed.
 */
import { createSerial } from '@/lib/async';
import { quickPushHeldItem } from '@/lib/store/items';
import { quickRequestSchema, type QuickRequest } from './types';

export interface HeldPushes {
  put(id: string, request: QuickRequest): Promise<void>;
  /** Removes the entry and returns it; undefined when nothing (valid) is held under `id`. */
  take(id: string): Promise<QuickRequest | undefined>;
  remove(id: string): Promise<void>;
}

/**
 * storage.session survives a restart of Chrome's service worker (a "Try again" minutes later still works)
 * but not a browser restart. Operations run one after another: each is a read-modify-write of one item.
 */
export function sessionHeldPushes(item = quickPushHeldItem): HeldPushes {
  const serial = createSerial();
  function update<T>(change: (all: Record<string, unknown>) => T): Promise<T> {
    return serial(async () => {
      const all = { ...(await item.getValue()) };
      const result = change(all);
      await item.setValue(all);
      return result;
    });
  }
  return {
    put: (id, request) =>
      update((all) => {
        all[id] = request;
      }),
    take: (id) =>
      update((all) => {
        const entry = all[id];
        delete all[id];
        const parsed = quickRequestSchema.safeParse(entry);
        return parsed.success ? parsed.data : undefined;
      }),
    remove: (id) =>
      update((all) => {
        delete all[id];
      }),
  };
}
