import { AppError } from '../errors';

/** Reads wait out a 429 at most this often, and only for this long each time. */
const MAX_READ_RETRIES = 2;
const MAX_RETRY_AFTER_S = 30;

/** Runs one attempt of a read; the client passes its own (see createApiClient). */
export type Read = <T>(attempt: () => Promise<T>) => Promise<T>;

/**
 * Reads are safe to repeat, so a short Retry-After is waited out (at most twice). Writes and retrievals
 * never go through this: they are sent exactly once.
 */
export function retryingReads(sleep: (ms: number) => Promise<void>): Read {
  return async (attempt) => {
    for (let retries = 0; ; retries++) {
      try {
        return await attempt();
      } catch (error) {
        const wait =
          error instanceof AppError && error.code === 'rate-limited' ? error.retryAfter : undefined;
        if (wait === undefined || wait > MAX_RETRY_AFTER_S || retries >= MAX_READ_RETRIES) throw error;
        await sleep(wait * 1000);
      }
    }
  };
}
