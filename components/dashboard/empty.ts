/**
 * Which of the empty lists the dashboard shows (issue 19): never a bare "nothing here" while there is
 * something to show or something to do. Pure: the container passes what it knows.
 */
import type { ErrorCode } from '@/lib/errors';
import type { WatcherState } from '@/lib/watch/types';

export type EmptyCase =
  /** The cache is being read, or the watcher is reading the account: a loading state, not an empty one. */
  | { kind: 'loading'; reading: boolean }
  /** Pushes exist, the filters hide them all. */
  | { kind: 'filtered' }
  /** The server answered: the account holds no push. */
  | { kind: 'account' }
  /** No API token for this server: this browser cannot list the account. */
  | { kind: 'no-token' }
  /** The server refused the token. */
  | { kind: 'rejected' }
  /** The server could not be reached (or failed); `error` is the last error's code. */
  | { kind: 'unreachable'; error: NonNullable<WatcherState['lastError']> };

/** Errors that mean "this token cannot read this account", not "the server is away". */
const REFUSED: ReadonlySet<ErrorCode> = new Set([
  'unauthorized',
  'token-rejected',
  'forbidden',
  'account-restricted',
]);

export interface EmptyFacts {
  /** Every tracked push (null while the cache loads). */
  pushes: readonly unknown[] | null;
  /** How many the filters show. */
  shown: number;
  /** A refresh is running for this page. */
  refreshing: boolean;
  /** The current server has an API token (or demo mode). */
  hasToken: boolean;
  watcher: WatcherState | null;
}

/** The case to show, or null when rows are shown. */
export function emptyCase({ pushes, shown, refreshing, hasToken, watcher }: EmptyFacts): EmptyCase | null {
  if (pushes === null) return { kind: 'loading', reading: false };
  if (shown > 0) return null;
  if (pushes.length > 0) return { kind: 'filtered' };
  if (refreshing) return { kind: 'loading', reading: true };
  if (!hasToken) return { kind: 'no-token' };
  const failedLast = watcher?.lastError && (watcher.lastAttemptAt ?? 0) > (watcher.lastSuccessAt ?? 0);
  if (failedLast)
    return REFUSED.has(watcher.lastError!.code)
      ? { kind: 'rejected' }
      : { kind: 'unreachable', error: watcher.lastError! };
  // No refresh ever ran for this account: the watcher is reading it now (a server just connected).
  if (!watcher?.lastAttemptAt) return { kind: 'loading', reading: true };
  return { kind: 'account' };
}
