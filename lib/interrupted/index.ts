/**
 * lib/interrupted, creates the browser stopped the background in the middle of (issue 40): the write-ahead
 * record of each create the background makes or relays (pending.ts); this life's end as a page hears it,
 * which quick push and Expire everything ask before they say or store a failure with no answer (life.ts);
 * and, at the next start, a notification for each create an earlier life left unfinished, named by its
 * mark (background.ts): its push may exist on the server without being in the dashboard or on the clipboard.
 */
export { lifeEnding, type LifeEnd } from './life';
export {
  backgroundPendingCreates,
  type Interrupted,
  type InterruptedKind,
  type Mark,
  type PendingCreates,
} from './pending';
export { INTERRUPTED_PREFIX, interruptedNotice, registerInterrupted } from './background';
