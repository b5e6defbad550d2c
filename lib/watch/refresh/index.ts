/**
 * One refresh of the watcher's cache, a pure core with an injected client, cache and clock (no browser.*):
 * which list pages a run reads within its budget (schedule.ts), what the lists say against the cache
 * (lists.ts), what an audit read tells (audits.ts), the attempts sweep (sweep.ts), one server's diff
 * (diff.ts) and its run with the back-off (one.ts, backoff.ts), and every followed server in turn (all.ts).
 */
export { refreshWatch, type RefreshDeps, type RefreshResult } from './one';
export { mergeSummaries, refreshFollowed, type Followed, type ServerRefresh } from './all';
export { firstUnreported, openedFrom } from './audits';
