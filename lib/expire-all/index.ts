/**
 * Expire everything (issue 39 §3): kill every link the user sent, of one server or all, in a time window.
 * The pages' door, light (no zod, no idb): the pure core (core.ts: which pushes, the run with its queue,
 * join and Retry-After), the run as stored and followed (state.ts), and the request to the background
 * (messages.ts, loaded on first use). The background entrypoint alone wires background.ts, its own
 * front.
 */
import type { ExpireRun, ExpireScope } from './core';

export {
  choosePushes,
  EXPIRE_WINDOWS,
  serversOf,
  windowStart,
  type ExpireFailure,
  type ExpireRun,
  type ExpireScope,
  type ExpireWindow,
} from './core';
export { clearRun, followRun, readRun } from './state';

/**
 * Asks the background to expire the pushes of `scope`: the run started, or the one going on joined. Asked
 * again while a stopped background left it unanswered (lib/messages/again.ts: a second request joins the
 * run, and pushes already expired are not chosen again). The message's schema (zod) and the messaging's
 * checks load on first use: this door stays light for the pages' first screens.
 */
export async function startExpireAll(scope: ExpireScope): Promise<ExpireRun> {
  const [{ sendMessage }, { askUntilAnswered }, { expireAllMessages }] = await Promise.all([
    import('@/lib/messages/runtime'),
    import('@/lib/messages/again'),
    import('./messages'),
  ]);
  return askUntilAnswered(() => sendMessage(expireAllMessages.start, scope));
}
