/** The refresh bar's words: when the watcher last ran and why a refresh did not. */
import { formatTime } from '@/components/dashboard/format';
import { describeError } from '@/lib/api/describe';
import { t } from '@/lib/i18n';
import type { RefreshSummary, WatcherState } from '@/lib/watch/types';

/** Why a refresh asked for did not run or failed, in words; undefined when it ran. */
export function refreshProblem(summary: RefreshSummary): string | undefined {
  if (summary.error) return describeError(summary.error);
  if (summary.status === 'waiting' && summary.nextAttemptAt)
    return t('dash_refreshWait', formatTime(new Date(summary.nextAttemptAt).toISOString()));
  return undefined;
}

/** The last refresh that succeeded, whoever started it (the alarm, this page, another tab). */
export function lastRefreshed(state: WatcherState | null): string | null {
  return state?.lastSuccessAt ? new Date(state.lastSuccessAt).toISOString() : null;
}

/** The watcher's last attempt failed after its last success: say why. */
export function watcherProblem(state: WatcherState | null): string | undefined {
  if (!state?.lastError || (state.lastSuccessAt ?? 0) >= (state.lastAttemptAt ?? 0)) return undefined;
  return describeError(state.lastError);
}
