/**
 * What the lists say: the first half of a refresh's diff (diff.ts), the server's lists against the cache,
 * before any audit is read. Pushes whose lists moved become targets (their audit tells what happened); the rest are
 * recorded quietly.
 */
import type { Push } from '@/lib/api';
import { byTime } from './audits';
import type { CacheChange } from './cache';
import type { DiffInput, Target } from './diff';
import { sameTracked, toTracked } from './tracked';
import type { TrackedPush } from './types';

/** What the lists say, before any audit is read: the change so far and the pushes whose audit tells more. */
export interface Sorting {
  input: DiffInput;
  cached: Map<string, TrackedPush>;
  firstSync: boolean;
  lastFull: number | undefined;
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
  const { input, cached, firstSync, change } = sorting;
  const { cache, server } = input;
  for (const push of active) {
    const previous = cached.get(push.url_token);
    const record = toTracked(push, server, 'server', previous);
    const viewsUsed = push.views_remaining < push.expire_after_views;
    // A push met on the first sync is history: it is recorded, and only later changes are news.
    const news = previous
      ? previous.views_remaining !== push.views_remaining || (previous.expired && !push.expired)
      : !firstSync && viewsUsed;
    if (news) sorting.targets.push({ push: record, previous, gone: false, listed: true });
    else {
      keep(sorting, record, previous);
      if (previous) sorting.unchanged.push(record);
      else if (!firstSync && record.has_passphrase && !(await cache.audit(server, record.url_token)))
        // New since the last refresh: every entry of its log is news to the sweep (none is history).
        change.audits.push({ server, url_token: push.url_token, entries: [], fetched_at: push.created_at });
    }
  }
}

/** The cached pushes that left the active list: each is a target, or followed by time when it must be. */
function sortGone(sorting: Sorting, cachedList: TrackedPush[], active: Push[], expired: Push[]): void {
  const { input, change } = sorting;
  const activeTokens = new Set(active.map((push) => push.url_token));
  const expiredByToken = new Map(expired.map((push) => [push.url_token, push]));
  for (const previous of cachedList) {
    if (activeTokens.has(previous.url_token) || previous.expired) continue;
    const listed = expiredByToken.get(previous.url_token);
    if (previous.source === 'local' && !listed && previous.audit_denied) {
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
 * History from the expired list: recorded quietly (or refreshed), never an event; except a push created
 * since the lists were last read in full, which came and went between two reads of the expired list: what
 * happened to it is news, and its audit tells who opened it.
 */
function sortExpired(sorting: Sorting, expired: Push[]): void {
  const { cached, firstSync, lastFull } = sorting;
  for (const push of expired) {
    const previous = cached.get(push.url_token);
    if (previous && !previous.expired) continue; // a target of sortGone
    const record = toTracked(push, sorting.input.server, 'server', previous);
    if (!previous && !firstSync && Date.parse(push.created_at) > (lastFull ?? 0))
      sorting.targets.push({ push: record, gone: true, listed: true });
    else keep(sorting, record, previous);
  }
}

/** Sorts the lists of one refresh: see the module comment. `lastFull` is when they were last read in full. */
export async function sortLists(
  input: DiffInput,
  lists: { cached: TrackedPush[]; active: Push[]; expired: Push[] },
  lastFull: number | undefined,
): Promise<Sorting> {
  const sorting: Sorting = {
    input,
    cached: new Map(lists.cached.map((push) => [push.url_token, push])),
    firstSync: lastFull === undefined,
    lastFull,
    change: { pushes: [], audits: [], events: [] },
    targets: [],
    unchanged: [],
  };
  await sortActive(sorting, lists.active);
  sortGone(sorting, lists.cached, lists.active, lists.expired);
  sortExpired(sorting, lists.expired);
  return sorting;
}
