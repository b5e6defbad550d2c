/**
 * Expire everything (issue 39 §3): kill every link the user sent, of one server or all, in a time window.
 * The pages' door: the pure core (core.ts: which pushes, the run with its queue, join and Retry-After), the
 * run as stored and followed (state.ts), and the request to the background (messages.ts). The background
 * entrypoint alone wires background.ts, its own front.
 */
import { sendMessage } from '@/lib/messages/runtime';
import type { ExpireRun, ExpireScope } from './core';
import { expireAllMessages } from './messages';

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

/** Asks the background to expire the pushes of `scope`: the run started, or the one going on joined. */
export const startExpireAll = (scope: ExpireScope): Promise<ExpireRun> =>
  sendMessage(expireAllMessages.start, scope);
