/**
 * Everything the extension keeps, as text to search for secrets: each storage area, and every record of each
 * IndexedDB database of its origin but the demo service's own (read in an extension page: the same origin).
 */
import { DEMO_DB_NAME } from '@/lib/demo/constants';
import type { ExtensionBrowser, JourneyPage } from '../browsers';

/** Every storage area the browser has (local, session, sync), as JSON text, and the names of those areas. */
export function dumpStorage(browser: ExtensionBrowser): Promise<{ areas: string[]; text: string }> {
  return browser.background(async (g) => {
    const dump: Record<string, unknown> = {};
    for (const area of ['local', 'session', 'sync'] as const) {
      const storage = g.chrome.storage[area];
      if (storage) dump[area] = await storage.get(null);
    }
    return { areas: Object.keys(dump), text: JSON.stringify(dump) };
  });
}

/**
 * Runs in the page: every record of every database but `skip`, as JSON text (binary values decoded as UTF-8,
 * so a file's bytes show too), with the names of the databases dumped and of `all` the origin has.
 */
async function readDatabases(skip: string) {
  const done = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  const decode = new TextDecoder();
  const flatten = async (value: unknown): Promise<unknown> => {
    if (value instanceof Blob) return decode.decode(await value.arrayBuffer());
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return decode.decode(value);
    if (Array.isArray(value)) return Promise.all(value.map(flatten));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) out[key] = await flatten(inner);
      return out;
    }
    return value;
  };
  const all = (await indexedDB.databases()).map((info) => info.name!);
  const names = all.filter((name) => name !== skip);
  const dump: Record<string, Record<string, unknown>> = {};
  for (const name of names) {
    const db = await done(indexedDB.open(name));
    dump[name] = {};
    for (const store of db.objectStoreNames)
      dump[name][store] = await flatten(await done(db.transaction(store).objectStore(store).getAll()));
    db.close();
  }
  return { all, names, text: JSON.stringify(dump) };
}

/** Every IndexedDB database of the extension's origin but the demo service's, read from `page`. */
export function dumpIndexedDb(page: JourneyPage) {
  return page.evaluate(readDatabases, DEMO_DB_NAME);
}

/**
 * The origin's other places a page could write to: localStorage, and the Cache Storage's requests and
 * responses (the extension uses neither; this proves it stays so).
 */
export function dumpWebStorage(page: JourneyPage): Promise<string> {
  return page.evaluate(async () => {
    const cached: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      cached[name] = [];
      for (const request of await cache.keys())
        cached[name].push(request.url, (await (await cache.match(request))?.text()) ?? '');
    }
    return JSON.stringify({ localStorage: { ...localStorage }, cached });
  });
}
