/**
 * The one read of the watcher's cache (issue 19), for every page: the dashboard (its lists, and the exports
 * made from them) and the popup's recent pushes. Only the followed accounts' records (account-key.ts: each
 * saved server with its token, or the demo) are ever read, so a page never shows the pushes of a server or
 * token the user left, even before the watcher erased them. Pages read again when the local storage item
 * 'watchRevision' changes.
 *
 * It reads with plain IndexedDB calls, so a page loads neither idb nor the cache's migrations (issue 13's
 * popup and dashboard bytes). Whenever that read cannot answer exactly (the cache needs an upgrade, still
 * holds version 1 records to adopt, or the browser refused it), db.ts, loaded only then, opens the cache as
 * the watcher does (upgrading it, adopting the records, or reporting the refusal in words) and the read runs
 * again on the cache as it now is.
 */
import { AppError } from '@/lib/errors';
import type { Settings } from '@/lib/settings';
import { readSettings } from '@/lib/settings/read';
import { accountKey, followedAccounts } from './account-key';
import {
  LEGACY_ACCOUNT,
  LEGACY_STATE_KEY,
  PUSHES_BY_CREATED,
  stateKey,
  WATCH_DB_NAME,
  WATCH_DB_VERSION,
  type Stored,
} from './schema';
import { INITIAL_STATE, type TrackedPush, type WatcherState, type WatchEvent } from './types';

/** What a page shows of the cache. */
export interface TrackedSnapshot {
  /** Newest first; of one server when given; only the newest ones when `whole` is false. */
  pushes: TrackedPush[];
  /** Whether `pushes` are all of them: false when a read of the newest `first` left others unread. */
  whole: boolean;
  /** Newest first (empty when only the pushes were asked for). */
  events: WatchEvent[];
  /** The watcher's state of the settings' own account (or the demo): last refresh, back-off, needsToken. */
  watcher: WatcherState;
}

/**
 * The pushes newest first, by the instant each was created (an unreadable one last). Each instant is parsed
 * once: a comparison of strings (localeCompare) in the sort itself cost 55 ms of a 10,000-push first screen
 * under the profiler (issue 22).
 */
export function newestFirst<T extends { created_at: string }>(pushes: T[]): T[] {
  const at = (push: T) => {
    const ms = Date.parse(push.created_at);
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return pushes
    .map((push) => ({ push, at: at(push) }))
    .sort((a, b) => (b.at > a.at ? 1 : b.at < a.at ? -1 : 0))
    .map(({ push }) => push);
}
/** Orders events newest first (by id when at the same time). */
export const newestEvents = (a: WatchEvent, b: WatchEvent) =>
  b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

const EMPTY: TrackedSnapshot = { pushes: [], events: [], watcher: INITIAL_STATE, whole: true };

/** What to read of the pushes: of one server (undefined: every server's), the newest `first` only. */
export interface ReadScope {
  server?: string;
  /** Only the newest this many of each account (the dashboard's first screen); undefined: every push. */
  first?: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * The cache at its current version, or: null when there is none yet (no push was ever recorded), undefined
 * when it needs an upgrade, which only db.ts performs. Aborting the upgrade leaves it as it was.
 */
function openCurrent(): Promise<IDBDatabase | null | undefined> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(WATCH_DB_NAME, WATCH_DB_VERSION);
    let answer: null | undefined;
    req.onupgradeneeded = (event) => {
      answer = event.oldVersion === 0 ? null : undefined;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close(); // never hold back the watcher's upgrade
      resolve(req.result);
    };
    req.onerror = (event) => {
      event.preventDefault();
      if (req.error?.name === 'AbortError') resolve(answer);
      else reject(req.error);
    };
  });
}

/**
/**
 * Whether getAll takes a direction (IndexedDB 3.0, which brought getAllRecords with it: Chrome 141): one
 * request for the newest `count`, where a cursor takes a round trip to the database for each step (its
 * 100 records: 7–12 ms against 3–4 ms in Chromium 156 at 10,000 cached pushes; issue 22).
 */
const getAllHasDirection = () => typeof IDBIndex !== 'undefined' && 'getAllRecords' in IDBIndex.prototype;

/** getAll's options form (IndexedDB 3.0), not in TypeScript's DOM types yet. */
type GetAllNewest = (options: {
  query: IDBKeyRange;
  count: number;
  direction: IDBCursorDirection;
}) => IDBRequest<unknown[]>;

/**
 * The newest `count` pushes of `account` (of `server` only, when given: one account can hold pushes of two
 * servers of one origin), by the version 3 index, read from its newest end: in one getAll where it takes a
 * direction and no server is to be picked out, else walked with a cursor.
 */
function newestOf(
  store: IDBObjectStore,
  account: string,
  count: number,
  server?: string,
): Promise<unknown[]> {
  // [account] sorts before every [account, created_at], and [account, []] after (arrays follow strings).
  const range = IDBKeyRange.bound([account], [account, []]);
  const index = store.index(PUSHES_BY_CREATED);
  if (server === undefined && getAllHasDirection())
    return request((index.getAll as unknown as GetAllNewest)({ query: range, count, direction: 'prev' }));
  return new Promise((resolve, reject) => {
    const found: unknown[] = [];
    const req = index.openCursor(range, 'prev');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const cursor = req.result;
      if (cursor && (server === undefined || (cursor.value as { server?: string }).server === server))
        found.push(cursor.value);
      if (!cursor || found.length === count) resolve(found);
      else cursor.continue();
    };
  });
}

/**
 * One account-indexed store's records of `accounts` (only each one's newest `first` pushes of `server`, when
 * given), how many still await adoption (version 1), and whether every record was read.
 */
async function byAccounts<T>(
  tx: IDBTransaction,
  store: 'pushes' | 'events',
  accounts: string[],
  { server, first }: ReadScope = {},
) {
  const index = tx.objectStore(store).index('by-account');
  const [legacy, ...lists] = await Promise.all([
    request(index.count(LEGACY_ACCOUNT)),
    ...accounts.map((account) =>
      first === undefined
        ? request(index.getAll(account) as IDBRequest<unknown[]>)
        : newestOf(tx.objectStore(store), account, first, server),
    ),
  ]);
  const read = lists as Array<Array<Stored<T>>>;
  const whole = first === undefined || read.every((list) => list.length < first);
  const records = read.flat().map(({ account: _account, ...record }) => record as unknown as T);
  return { legacy: legacy as number, records, whole };
}

/** The watcher's state of `account`; undefined while version 1's one state awaits adoption. */
async function stateOf(tx: IDBTransaction, account: string | null) {
  const store = tx.objectStore('state');
  const [legacy, state] = await Promise.all([
    request(store.getKey(LEGACY_STATE_KEY)),
    account === null ? undefined : request(store.get(stateKey(account)) as IDBRequest<WatcherState>),
  ]);
  return legacy === undefined ? { state: state ?? INITIAL_STATE } : undefined;
}

/**
 * The read by plain IndexedDB calls on the cache `opening`, in one transaction; undefined when only db.ts can
 * make it answer.
 */
async function plainRead(
  settings: Settings,
  { server, first }: ReadScope,
  all: boolean,
  opening: ReturnType<typeof openCurrent>,
) {
  const [db, followed, current] = await Promise.all([
    opening,
    followedAccounts(settings),
    accountKey(settings),
  ]);
  if (!db) return db === null ? EMPTY : undefined;
  try {
    const tx = db.transaction(all ? ['pushes', 'events', 'state'] : ['pushes']);
    const accounts = followed.map(({ account }) => account);
    const [pushes, events, watcher] = await Promise.all([
      byAccounts<TrackedPush>(tx, 'pushes', accounts, { server, first }),
      all ? byAccounts<WatchEvent>(tx, 'events', accounts) : { legacy: 0, records: [], whole: true },
      all ? stateOf(tx, current) : { state: INITIAL_STATE },
    ]);
    if (pushes.legacy > 0 || events.legacy > 0 || !watcher) return undefined;
    const mine = pushes.records.filter((push) => server === undefined || push.server === server);
    // Each account's newest `first`, merged: the newest `first` of them all.
    const newest = newestFirst(mine).slice(0, first);
    return {
      pushes: newest,
      events: events.records.sort(newestEvents),
      watcher: watcher.state,
      whole: pushes.whole,
    };
  } finally {
    db.close();
  }
}

/**
 * The cache opens while the settings are still being read, when they are given as a promise: the two no
 * longer wait for each other (issue 22: a round trip less before the dashboard's first screen).
 */
async function read(
  given: Settings | Promise<Settings>,
  scope: ReadScope,
  all: boolean,
): Promise<TrackedSnapshot> {
  const opening = openCurrent();
  // Failed, it is met in plainRead (or never, when the settings fail first): no unhandled rejection meanwhile.
  opening.catch(() => undefined);
  const settings = await Promise.resolve(given).catch((error: unknown) => {
    void opening.then(
      (db) => db?.close(),
      () => undefined,
    );
    throw error;
  });
  // A failure here is met again, in words, by db.ts's open below (a refusal: 'storage-unavailable').
  const quick = await plainRead(settings, scope, all, opening).catch(() => undefined);
  if (quick) return quick;
  await (await import('./db')).watchDb();
  const answer = await plainRead(settings, scope, all, openCurrent());
  // watchDb upgraded the cache and adopted its records: the plain read answers now.
  if (!answer) throw new AppError('internal', 'The watch cache is still not current after its upgrade.'); // i18n-ignore
  return answer;
}

/**
 * The pushes, events and watcher state for `settings` the page already holds, in one transaction: the
 * followed accounts' pushes (of `scope.server` when given) and events, newest first, and the watcher's state
 * of the settings' own account. With `scope.first`, only the newest pushes are read, by the creation index
 * (`whole` says whether that was all of them): the dashboard's first screen, before it reads them all.
 * `settings` may be the promise of them (the settings' one read, under way): the cache opens meanwhile.
 */
export function readTracked(
  settings: Settings | Promise<Settings>,
  scope: ReadScope = {},
): Promise<TrackedSnapshot> {
  return read(settings, scope, true);
}

/**
 * The followed accounts' tracked pushes (of `server` when given), newest first, for `settings` a page
 * already read (the popup's recent list: those its form was filled from), else for the settings as saved
 * (the settings' one plain read); the pushes store only. With `first`, only the newest that many, by the
 * creation index (the popup lists a few, not the whole cache).
 */
export async function listTrackedPushes(
  server?: string,
  first?: number,
  settings?: Settings,
): Promise<TrackedPush[]> {
  // Read while the cache opens (read takes the settings as a promise).
  const held = settings ?? readSettings().then((read) => read.settings);
  return (await read(held, { server, first }, false)).pushes;
}
