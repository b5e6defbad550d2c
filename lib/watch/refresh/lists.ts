/**
 * What the lists say: the first half of a refresh's diff (diff.ts), the server's lists against the cache,
 * before any audit is read. Pushes whose lists moved become targets (their audit tells what happened); the rest are
 * recorded quietly.
 */
import type { Push } from '@/lib/api';
import { byTime } from './audits';
import type { CacheChange } from '../cache';
import type { DiffInput, Target } from './types';
import { sameTracked, toTracked } from '../tracked';
import type { TrackedPush } from '../types';

/** What the lists say, before any audit is read: the change so far and the pushes whose audit tells more. */
export interface Sorting {
  input: DiffInput;
  cached: Map<string, TrackedPush>;
  /** Created since the watcher began following this server (not history): what happens to it is news. */
  isNew: (push: Pick<Push, 'created_at'>) => boolean;
  change: CacheChange;
  targets: Target[];
  /** Active, known before, and nothing in the lists moved: sweepable. */
  unchanged: TrackedPush[];
}

/** Keeps a record when it differs from the cached one. */
function keep(sorting: Sorting, record: TrackedPush, previous?: TrackedPush): void {
  if (!previous || !sameTracked(record, previous)) sorting.change.pushes.push(record);
}

async function sortActive(sorting: Sorting, active: Push[]): Promise<void> {
  const { input, cached, isNew, change } = sorting;
  const { cache, server } = input;
  for (const push of active) {
    const previous = cached.get(push.url_token);
    const record = toTracked(push, server, 'server', previous);
    const viewsUsed = push.views_remaining < push.expire_after_views;
    // A push created before the first run is history: it is recorded, and only later changes are news.
    const news = previous
      ? previous.views_remaining !== push.views_remaining || (previous.expired && !push.expired)
      : isNew(push) && viewsUsed;
    if (news) sorting.targets.push({ push: record, previous, gone: false, listed: true });
    else {
      keep(sorting, record, previous);
      if (previous) sorting.unchanged.push(record);
      else if (isNew(push) && record.has_passphrase && !(await cache.audit(server, record.url_token)))
        // New since the last refresh: every entry of its log is news to the sweep (none is history).
        change.audits.push({ server, url_token: push.url_token, entries: [], fetched_at: push.created_at });
    }
  }
}

/**
 * The cached pushes that left the active list: each is a target, or followed by time when it must be. A run
 * reads only some pages, so a push counts as gone when the expired pages read list it, or when it lies
 * inside the created_at interval the active pages read cover (schedule.ts coveredBy) and is not on them.
 */
function sortGone(sorting: Sorting, lists: ListsRead): void {
  const { input, change } = sorting;
  const activeTokens = new Set(lists.active.map((push) => push.url_token));
  const expiredByToken = new Map(lists.expired.map((push) => [push.url_token, push]));
  for (const previous of lists.cached) {
    if (activeTokens.has(previous.url_token) || previous.expired) continue;
    const listed = expiredByToken.get(previous.url_token);
    const denied = previous.source === 'local' && previous.audit_denied;
    if (!listed && !denied && !lists.covered(previous.created_at)) continue; // not on a page read: next time
    if (!listed && denied) {
      // Created here anonymously: the server shows this token nothing of it, so it is followed by time.
      const timed = byTime([previous], input.now);
      change.pushes.push(...timed.pushes);
      change.events.push(...timed.events);
      continue;
    }
    // A push recorded here leaves the active list for the same reasons as any other: its audit tells which.
    const record = listed
      ? toTracked(listed, input.server, 'server', previous)
      : { ...previous, source: 'server' as const };
    sorting.targets.push({ push: record, previous, gone: true, listed: listed !== undefined });
  }
}

/**
 * History from the expired list: recorded quietly (or refreshed), never an event; except a push met for the
 * first time that was created after the first run (not history), which came and went unseen between two
 * runs: what happened to it is news, and its audit tells who opened it.
 */
function sortExpired(sorting: Sorting, expired: Push[]): void {
  const { cached, isNew } = sorting;
  for (const push of expired) {
    const previous = cached.get(push.url_token);
    if (previous && !previous.expired) continue; // a target of sortGone
    const record = toTracked(push, sorting.input.server, 'server', previous);
    if (!previous && isNew(push)) sorting.targets.push({ push: record, gone: true, listed: true });
    else keep(sorting, record, previous);
  }
}

/** What one run read of the lists, against the cache. */
export interface ListsRead {
  cached: TrackedPush[];
  /** The pushes on the active and expired pages read (a push may be on two of them). */
  active: Push[];
  expired: Push[];
  /** Whether a push with this created_at would be on the active pages read (schedule.ts coveredBy). */
  covered: (createdAt: string) => boolean;
  /** The newest created_at that is history (ListSchedule.historyUntil). */
  historyUntil: string | null;
}

/** Sorts the lists of one refresh: see the module comment. */
export async function sortLists(input: DiffInput, lists: ListsRead): Promise<Sorting> {
  const { historyUntil } = lists;
  const sorting: Sorting = {
    input,
    cached: new Map(lists.cached.map((push) => [push.url_token, push])),
    isNew: (push) => historyUntil === null || Date.parse(push.created_at) > Date.parse(historyUntil),
    change: { pushes: [], audits: [], events: [] },
    targets: [],
    unchanged: [],
  };
  await sortActive(sorting, unique(lists.active));
  sortGone(sorting, lists);
  sortExpired(sorting, unique(lists.expired));
  return sorting;
}

/** Each push once (pages read in one run overlap when the list moves between two reads). */
function unique(pushes: Push[]): Push[] {
  return [...new Map(pushes.map((push) => [push.url_token, push])).values()];
}
