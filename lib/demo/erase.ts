/**
 * The demo service's data at rest, looked after from the background (issue 18: "no demo secret outlives its
 * push"). The mock erases an expired push when a request reaches it; once a real server is connected, or an
 * organization forbids demo mode, none ever does, and a payload stayed in IndexedDB long after its expiry.
 * The demo database is the extension origin's, so the background opens it directly: no request, and no
 * offscreen document opened for it in Chrome. Only the store and its sweep are loaded here (lib/mock/data.ts,
 * the mock's light front), never the service itself (test/build/background.test.ts).
 */
import { eraseDue, openMockStore } from '@/lib/mock/data';
import { DEMO_DB_NAME } from './constants';

export interface DemoDataOptions {
  indexedDB?: IDBFactory;
  dbName?: string;
  clock?: () => number;
}

const factoryOf = (options: DemoDataOptions) => options.indexedDB ?? globalThis.indexedDB;
const nameOf = (options: DemoDataOptions) => options.dbName ?? DEMO_DB_NAME;

/** Whether the demo database exists: opening it to find out would create it for a user who never used demo mode. */
async function demoDbExists(options: DemoDataOptions): Promise<boolean> {
  const name = nameOf(options);
  return (await factoryOf(options).databases()).some((db) => db.name === name);
}

/**
 * Erases the payload, passphrase and file bytes of every demo push whose time is up, whatever the mode;
 * the records stay, expired, as the real server keeps them. Returns how many pushes it erased (0 without a
 * demo database: nothing is created).
 */
export async function eraseExpiredDemoPushes(options: DemoDataOptions = {}): Promise<number> {
  if (!(await demoDbExists(options))) return 0;
  const store = await openMockStore({ indexedDB: factoryOf(options), name: nameOf(options) });
  try {
    return await eraseDue(store, (options.clock ?? Date.now)());
  } finally {
    // Closed at once: an open connection would hold up deleteDemoData.
    store.close();
  }
}

/**
 * Deletes the demo service's database, every push in it, live or not (an organization that forbids demo
 * mode). Resolves once it is gone. A demo host that has it open closes it when asked (host.ts), so the
 * delete waits at most for the request that host is answering.
 */
export function deleteDemoData(options: Omit<DemoDataOptions, 'clock'> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factoryOf(options).deleteDatabase(nameOf(options));
    request.addEventListener('success', () => resolve());
    // i18n-ignore: a developer's words, for the log
    request.addEventListener('error', () => reject(request.error ?? new Error('deleteDatabase failed')));
  });
}
