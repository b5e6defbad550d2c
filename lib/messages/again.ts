/**
 * Asking the background again when it stopped before it answered (issue 40): Chrome stops its worker, Firefox
 * reloads its background page, and a page's request in flight then fails with the channel's words, or with
 * no answer, whether the work was done, half done or never begun. Only for requests whose work may be done
 * twice without harm: an expire (the server answers a second DELETE of a push with 200 and no new entry,
 * api-contract.md §5) and Expire everything's start (a second request joins the run, and pushes already
 * expired are not chosen again). Never for a create. An answer that is an error of the receiver's (AppError
 * from the reply) is final: the background heard and answered.
 */
import { AppError } from '@/lib/errors';
import { NO_ANSWER } from './runtime';

/** Tries in all, and the pause between two (a reloaded background page needs a moment to listen again). */
export const ASK_TRIES = 3;
export const ASK_PAUSE_MS = 300;

/** Whether `error` says the background never answered (stopped, or not listening yet), not what it answered. */
export function unanswered(error: unknown): boolean {
  return !(error instanceof AppError) || error.message === NO_ANSWER;
}

/** Runs `send`, and again (up to ASK_TRIES in all) while the background left it unanswered. */
export async function askUntilAnswered<T>(
  send: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await send();
    } catch (error) {
      if (tries >= ASK_TRIES || !unanswered(error)) throw error;
      await sleep(ASK_PAUSE_MS);
    }
  }
}
