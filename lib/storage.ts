/**
 * The one storage primitive every stored value goes through: plain browser.storage calls, no library. The
 * settings model (lib/settings: every user preference) reads its keys in one get per area and follows them
 * with onStoredChange; lib/store keeps runtime state as storedItems. Both use nothing else.
 *
 * storedItem was @wxt-dev/storage's key functions (not its defineItem, which read each item as it was
 * defined, issue 22), but four calls of a 7 KB library with its lock (superlock) were in every context, the
 * service worker's among them, whose every wake pays for each byte of its script (issue 22: the cold quick
 * push). The behaviour is that library's: an absent or null value reads as the fallback, a write of
 * nothing stores null, and a watcher hears only a change of value.
 */

/**
 * Calls back whenever one of `keys` (by storage area) changes, with the changes and their area (so one
 * follower of several keys can tell which changed); returns the unwatch.
 */
export function onStoredChange(
  keys: Readonly<Record<string, readonly string[]>>,
  callback: (changes: Readonly<Record<string, unknown>>, area: string) => unknown,
): () => void {
  // The callback's work is returned: browsers ignore it, and WXT's fake browser awaits it in a storage write,
  // so a unit test's save resolves once what it started is done (no waiting for time to pass).
  const listener = (changes: Record<string, unknown>, area: string) =>
    keys[area]?.some((key) => key in changes) ? callback(changes, area) : undefined;
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** A key in the storage area it names: 'local:…' or 'session:…'. */
export type StoredKey = `local:${string}` | `session:${string}`;

/** What the extension does with a stored value: read it (or its fallback), write it, remove it, follow it. */
export interface StoredItem<T> {
  readonly key: StoredKey;
  readonly fallback: T;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls back with the new and the old value (each its fallback when absent); returns the unwatch. */
  watch(callback: (value: T, old: T) => void): () => void;
}

/** Stored values are JSON-shaped: equal when they serialize alike (a reordered object counts as a change). */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Defines the item stored under `key` ('local:…' or 'session:…'), `fallback` when absent. Nothing is read
 * until a value is asked for.
 */
export function storedItem<T>(key: StoredKey, { fallback }: { fallback: T }): StoredItem<T> {
  const split = key.indexOf(':');
  const areaName = key.slice(0, split) as 'local' | 'session';
  const name = key.slice(split + 1);
  const area = () => browser.storage[areaName];
  const or = (value: unknown) => (value ?? fallback) as T;
  return {
    key,
    fallback,
    getValue: async () => or((await area().get(name))[name]),
    setValue: (value) => area().set({ [name]: value ?? null }),
    removeValue: () => area().remove(name),
    watch: (callback) => {
      const listener = (changes: Record<string, Browser.storage.StorageChange>, changed: string) => {
        const change = changes[name];
        if (changed !== areaName || !change || same(change.newValue, change.oldValue)) return;
        callback(or(change.newValue), or(change.oldValue));
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}

/**
 * Entries stored each under its own key, all named `prefix` + id, in one area: so two contexts that write and
 * remove different entries at once never overwrite each other (no read-modify-write of a shared record).
 */
export interface StoredEntries<T> {
  readonly prefix: StoredKey;
  /** Writes one entry; the call into the browser is made before this returns. */
  set(id: string, value: T): Promise<void>;
  /** Every entry now, by its full storage name. */
  all(): Promise<[name: string, value: unknown][]>;
  remove(name: string): Promise<void>;
  /** Calls back when an entry is written (not when one is removed); returns the unwatch. */
  watchAdded(callback: () => void): () => void;
}

export function storedEntries<T>(prefix: StoredKey): StoredEntries<T> {
  const split = prefix.indexOf(':');
  const areaName = prefix.slice(0, split) as 'local' | 'session';
  const start = prefix.slice(split + 1);
  const area = () => browser.storage[areaName];
  return {
    prefix,
    set: (id, value) => area().set({ [`${start}${id}`]: value }),
    all: async () => Object.entries(await area().get(null)).filter(([name]) => name.startsWith(start)),
    remove: (name) => area().remove(name),
    watchAdded: (callback) => {
      const listener = (changes: Record<string, Browser.storage.StorageChange>, changed: string) => {
        if (changed !== areaName) return;
        if (Object.entries(changes).some(([name, change]) => name.startsWith(start) && change.newValue))
          callback();
      };
      browser.storage.onChanged.addListener(listener);
      return () => browser.storage.onChanged.removeListener(listener);
    },
  };
}
