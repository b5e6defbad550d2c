/**
 * The watcher (issue 19): it follows the user's pushes on every saved server, keeps what it learns in the
 * extension's own IndexedDB cache, and tells the user what happened (notifications, the badge, the pages).
 * Outside code imports this front, or view.ts (its light part, for pages that must open without idb or the
 * store), plus messages.ts and types.ts. The background entrypoint alone imports background/ (its own front,
 * setupWatcher): re-exported here, its modules (the demo eraser and the mock store under it, the messaging
 * core) would land in every chunk that imports this front, the popup's create chunk among them.
 *
 * Inside, by part:
 * - the cache: schema.ts (its shape) below db.ts (opening), migrate.ts (upgrades), cache.ts (one account's
 *   view for the refresh core), forget.ts (accounts left), seen.ts, revision.ts (pages' reload signal), and
 *   account.ts / account-key.ts (whose records they are);
 * - reading and recording: read.ts (the pages' one read), record.ts (a push created here), outbox.ts (one a
 *   page created, handed to the background to record, so the page shows its link at once);
 * - refresh/: the refresh core, pure (its own front): schedule.ts (which list pages a run reads, within
 *   its budget), the diff engine (diff.ts one server's diff, lists.ts what the lists say, audits.ts what an
 *   audit read tells, sweep.ts the attempts sweep), one.ts and backoff.ts (a run), all.ts (every server);
 *   tracked.ts (wire to cache); actions.ts (expire, read an audit log);
 * - showing: label.ts, state.ts, user-agent.ts, push-address.ts with push-key.ts (behind view.ts);
 * - background/: the watcher in the background (alarm, notifications, badge, startup, jobs, messages).
 */
export * from './view';
export type { ExpireResult } from './actions';
export { recordCreatedPush } from './record';
export { sendToRecord } from './outbox';
