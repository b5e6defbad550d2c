/**
 * Which pages of the two lists one refresh reads (issue 19): at most LIST_BUDGET list requests a run, whatever
 * the account's size. A pure core: the client is injected, the plan is a function of the cache, the state and
 * the clock. The lists are 50 pushes a page, newest first by created_at, pages 1 to 200
 * (docs/api-contract.md §7). In the order a run reads them:
 *
 * - hot: active page 1 (new pushes and the newest ones' views) and expired page 1 (a push created and gone
 *   between two runs);
 * - rotation: a window of the older active pages from a cursor kept in the state (ROTATION_PAGES wide, less
 *   what the next two tiers take). The next run starts on the window's last page, an overlap of one page, so a
 *   push that moved up by up to a page between two runs (deletions above it) is not skipped; past the end of
 *   the list the cursor goes back to the page after the hot ones;
 * - activity: the page of a cached push whose views were used within ACTIVITY_MS, estimated from its rank
 *   among the cached active pushes by created_at, at most ACTIVITY_PAGES a run outside the window, taking
 *   turns (nextActivityPages): with k such pages outside the window, each is read within k runs;
 * - the expired list's daily read, spread over runs: EXPIRED_SYNC_PAGES a run at least, and whatever the
 *   others left, from where the last run stopped until the end of the list.
 *
 * So every active push is read at least every runsToVisitAll(A) = ⌈(P − H − 1) / (W − 1)⌉ runs (P = ⌈A/50⌉ pages,
 * at most 200; H hot pages; W the window): 29 runs at 10,000 pushes with the full window (8), 40 at the
 * narrowest (6, while an activity page and the expired read take their share).
 */
import { MAX_PAGE, PAGE_SIZE, type ApiClient, type Page, type Push } from '@/lib/api';
import type { ListSchedule, TrackedPush } from '../types';

/** List requests (both lists) one run makes at most. */
export const LIST_BUDGET = 10;
/** Active pages read every run, from page 1: new pushes, and views of the newest. */
export const HOT_ACTIVE_PAGES = 1;
/** Expired pages read every run, from page 1: a push created and gone between two runs. */
export const HOT_EXPIRED_PAGES = 1;
/** Pages of pushes with recent activity read a run at most, outside the rotation window. */
export const ACTIVITY_PAGES = 1;
/** How recent a view must be for its push's page to be read every run. */
export const ACTIVITY_MS = 24 * 3_600_000;
/** Expired pages a run keeps for the daily read while it is under way (at least). */
export const EXPIRED_SYNC_PAGES = 1;
/** The rotation window when neither an activity page nor the expired read takes a share of the budget. */
export const ROTATION_PAGES = LIST_BUDGET - HOT_ACTIVE_PAGES - HOT_EXPIRED_PAGES;
/** The narrowest the window gets. */
export const MIN_ROTATION_PAGES = ROTATION_PAGES - ACTIVITY_PAGES - EXPIRED_SYNC_PAGES;

/** Runs within which every one of `activePushes` active pushes is read, with a window of `window` pages. */
export function runsToVisitAll(activePushes: number, window = MIN_ROTATION_PAGES): number {
  const pages = Math.min(Math.ceil(activePushes / PAGE_SIZE), MAX_PAGE);
  return Math.max(1, Math.ceil((pages - HOT_ACTIVE_PAGES - 1) / (window - 1)));
}

/** One page as a run read it. */
export interface PageRead {
  page: number;
  items: Push[];
  /** No page follows (the server says so, or page 200). */
  end: boolean;
  /** Nothing older exists: a short page, or an end before page 200. */
  bottom: boolean;
}

export interface ScheduledRead {
  active: PageRead[];
  expired: PageRead[];
  requests: number;
  /** The schedule to keep for the next run. */
  schedule: ListSchedule;
  /** Set when the expired list's daily read reached its end this run: the instant it began. */
  fullSyncAt?: number;
}

export interface ScheduleInput {
  client: Pick<ApiClient, 'activePage' | 'expiredPage'>;
  /** The cached pushes of this server. */
  cached: TrackedPush[];
  previous: ListSchedule | undefined;
  /** When the expired list was last read to its end (before schedules existed: both lists in full). */
  lastFull: number | undefined;
  /** A daily read of the expired list is due (or asked for). */
  due: boolean;
  now: number;
}

type Fetch = (page: number) => Promise<Page<Push>>;

/** Reads pages in order while the budget lasts, stopping after the end of the list. */
async function readPages(fetch: Fetch, pages: number[], spend: () => boolean): Promise<PageRead[]> {
  const reads: PageRead[] = [];
  for (const page of pages) {
    if (page > MAX_PAGE || !spend()) break;
    const result = await fetch(page);
    const end = result.nextPage === undefined;
    const bottom = result.items.length < PAGE_SIZE || (end && page < MAX_PAGE);
    reads.push({ page, items: result.items, end, bottom });
    if (end) break;
  }
  return reads;
}

const range = (from: number, count: number) => Array.from({ length: Math.max(count, 0) }, (_, i) => from + i);

/**
 * The pages of the cached active pushes with recent activity, estimated from their rank by created_at
 * among the cached active pushes, in page order (nextActivityPages gives them turns); never a hot page.
 */
export function activityPages(cached: TrackedPush[], now: number): number[] {
  const active = cached
    .filter((push) => !push.expired && push.source === 'server')
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const recent = active
    .map((push, rank) => ({ push, page: Math.floor(rank / PAGE_SIZE) + 1 }))
    .filter(({ push, page }) => {
      const used = push.views_remaining < push.expire_after_views;
      return page > HOT_ACTIVE_PAGES && used && now - Date.parse(push.updated_at) < ACTIVITY_MS;
    });
  return [...new Set(recent.map(({ page }) => page))];
}

/**
 * The activity pages (outside the window) this run reads: ACTIVITY_PAGES of them, in page order from the one
 * after the page the last run read, wrapping around, so that several pages with recent views take turns
 * instead of the most recent one taking every run.
 */
export function nextActivityPages(outside: number[], last: number | undefined): number[] {
  const pages = [...outside].sort((a, b) => a - b);
  const from = pages.findIndex((page) => last === undefined || page > last);
  const turn = from < 0 ? pages : [...pages.slice(from), ...pages.slice(0, from)];
  return turn.slice(0, ACTIVITY_PAGES);
}

/** The schedule of a server no run has read under a budget yet. */
function initialSchedule(lastFull: number | undefined, first: PageRead[]): ListSchedule {
  // Before schedules, a full read had cached everything created until then: what came later is news.
  const newest = first.flatMap((read) => read.items.map((push) => push.created_at)).sort();
  const historyUntil =
    lastFull !== undefined ? new Date(lastFull).toISOString() : (newest[newest.length - 1] ?? null);
  return { historyUntil, activeCursor: HOT_ACTIVE_PAGES + 1, expiredNext: null, expiredStartedAt: null };
}

/** Reads this run's pages of both lists (see the module comment); never more than LIST_BUDGET requests. */
export async function readScheduled(input: ScheduleInput): Promise<ScheduledRead> {
  const { client, previous } = input;
  let requests = 0;
  const spend = () => {
    if (requests >= LIST_BUDGET) return false;
    requests++;
    return true;
  };
  const activeFetch: Fetch = (page) => client.activePage(page);
  const expiredFetch: Fetch = (page) => client.expiredPage(page);

  const active = await readPages(activeFetch, range(1, HOT_ACTIVE_PAGES), spend);
  const expired = await readPages(expiredFetch, range(1, HOT_EXPIRED_PAGES), spend);
  const schedule = previous ? { ...previous } : initialSchedule(input.lastFull, [...active, ...expired]);
  const result: ScheduledRead = { active, expired, requests: 0, schedule };
  if (schedule.expiredNext === null && input.due) {
    schedule.expiredNext = HOT_EXPIRED_PAGES + 1;
    schedule.expiredStartedAt = input.now;
  }
  // The expired list ends on its hot page: the daily read is done, and leaves its share to the rotation.
  if (schedule.expiredNext !== null && expired.at(-1)?.end) finishExpiredSync(result, input.now);
  const syncing = schedule.expiredNext !== null;
  const activity = activityPages(input.cached, input.now);
  const reserve = Math.min(ACTIVITY_PAGES, activity.length) + (syncing ? EXPIRED_SYNC_PAGES : 0);
  if (!active.at(-1)?.end) {
    const rotation = await readRotation(activeFetch, schedule, activity, ROTATION_PAGES - reserve, spend);
    active.push(...rotation);
  } else schedule.activeCursor = HOT_ACTIVE_PAGES + 1;

  if (syncing) await readExpiredSync(expiredFetch, result, input.now, spend);
  result.requests = requests;
  return result;
}

/** The rotation window and the activity pages outside it; moves the cursor. */
async function readRotation(
  fetch: Fetch,
  schedule: ListSchedule,
  activity: number[],
  width: number,
  spend: () => boolean,
): Promise<PageRead[]> {
  const cursor = schedule.activeCursor;
  const inWindow = (page: number) => page >= cursor && page < cursor + width;
  const outside = nextActivityPages(
    activity.filter((page) => !inWindow(page)),
    schedule.activityLast,
  );
  // An activity page the window reads anyway leaves its share to the window.
  const wide = width + Math.min(ACTIVITY_PAGES, activity.length) - outside.length;
  const window = await readPages(fetch, range(cursor, wide), spend);
  const last = window.at(-1);
  if (!last || last.end) schedule.activeCursor = HOT_ACTIVE_PAGES + 1;
  else schedule.activeCursor = window.length > 1 ? last.page : last.page + 1;
  const endPage = last?.end ? last.page : MAX_PAGE;
  const read = new Set(window.map((page) => page.page));
  const extra: PageRead[] = [];
  for (const page of outside.filter((page) => page <= endPage && !read.has(page))) {
    extra.push(...(await readPages(fetch, [page], spend)));
    schedule.activityLast = page;
  }
  return [...window, ...extra];
}

/** The expired list's daily read: from where it stopped, with what the budget has left. */
async function readExpiredSync(
  fetch: Fetch,
  result: ScheduledRead,
  now: number,
  spend: () => boolean,
): Promise<void> {
  const { schedule } = result;
  const from = schedule.expiredNext ?? HOT_EXPIRED_PAGES + 1;
  const pages = await readPages(fetch, range(from, MAX_PAGE - from + 1), spend);
  result.expired.push(...pages);
  const last = pages.at(-1);
  if (last?.end) finishExpiredSync(result, now);
  else if (last) schedule.expiredNext = last.page + 1;
}

/** The expired list's daily read reached its end: fullSyncAt is when it began. */
function finishExpiredSync(result: ScheduledRead, now: number): void {
  const { schedule } = result;
  result.fullSyncAt = schedule.expiredStartedAt ?? now;
  schedule.expiredNext = null;
  schedule.expiredStartedAt = null;
}

/**
 * Whether a push with this created_at would have been listed on the active pages this run read: it lies
 * strictly inside the created_at interval a run of consecutive pages covers (open above page 1, open below
 * the bottom of the list). A cached active push inside one and absent from them has left the active list.
 * Ties on an interval's edge are left to the overlapping window.
 */
export function coveredBy(reads: PageRead[]): (createdAt: string) => boolean {
  const byPage = [...new Map(reads.map((read) => [read.page, read])).values()].sort(
    (a, b) => a.page - b.page,
  );
  const intervals: Array<[number, number]> = [];
  let block: PageRead[] = [];
  const close = () => {
    const interval = coverOf(block);
    if (interval) intervals.push(interval);
  };
  for (const read of byPage) {
    if (block.length > 0 && read.page !== block[block.length - 1]!.page + 1) {
      close();
      block = [];
    }
    block.push(read);
  }
  close();
  return (createdAt) => {
    const at = Date.parse(createdAt);
    return intervals.some(([low, high]) => low < at && at < high);
  };
}

/** The created_at interval (exclusive) one run of consecutive pages covers; null when it tells nothing. */
function coverOf(block: PageRead[]): [number, number] | null {
  const first = block[0];
  const last = block[block.length - 1];
  if (!first || !last) return null;
  const times = (read: PageRead) => read.items.map((push) => Date.parse(push.created_at));
  // An empty page past page 1 says the list ends above it, but not at which created_at.
  if (first.page > 1 && first.items.length === 0) return null;
  const high = first.page === 1 ? Infinity : Math.max(...times(first));
  // A page that is not the bottom is full.
  const low = last.bottom ? -Infinity : Math.min(...times(last));
  return [low, high];
}
