/**
 * One stored value under one key, over @wxt-dev/storage's own key functions. Not its defineItem: that reads
 * the item's value from storage the moment it is defined (for an `init`, which no item here has, yet it
 * reads without one), so every item's first use cost two reads, and an item only watched (the watcher's
 * settings) one read on every wake of the service worker for nothing (issue 22). No item here has
 * migrations, the one other thing defineItem adds.
 */
import { storage, type StorageItemKey } from '#imports';

/** What the extension does with a stored value: read it (or its fallback), write it, remove it, follow it. */
export interface StoredItem<T> {
  readonly key: StorageItemKey;
  readonly fallback: T;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Calls back with the new and the old value (each its fallback when absent); returns the unwatch. */
  watch(callback: (value: T, old: T) => void): () => void;
}

/**
 * Defines the item stored under `key` ('local:…' or 'session:…'), `fallback` when absent. Nothing is read
 * until a value is asked for.
 */
export function storedItem<T>(key: StorageItemKey, { fallback }: { fallback: T }): StoredItem<T> {
  return {
    key,
    fallback,
    getValue: () => storage.getItem<T>(key, { fallback }),
    setValue: (value) => storage.setItem(key, value),
    removeValue: () => storage.removeItem(key),
    watch: (callback) => storage.watch<T>(key, (value, old) => callback(value ?? fallback, old ?? fallback)),
  };
}
