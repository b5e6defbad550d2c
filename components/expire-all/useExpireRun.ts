/**
 * Expire everything's run as a page shows it (the dashboard, the popup): followed from what the background
 * stores (lib/expire-all), put in words, and its result said once through the page's live region when the
 * run ends while the page is open.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { describeError } from '@/lib/api/describe';
import { followRun, readRun, startExpireAll, type ExpireRun, type ExpireScope } from '@/lib/expire-all';
import { dateTimeFormat } from '@/lib/format/intl';
import { plural, t, uiLocale } from '@/lib/i18n';
import type { ExpireAllView } from './ExpireAllStatus';

/** The run's result in one line for the page's live region. */
export function spokenResult(run: ExpireRun): string {
  return [
    t('expireAll_done', run.expired, run.total),
    run.failed.length > 0 ? plural('dash_notExpiredCount', run.failed.length) : '',
    ...run.failed.map((failure) => t('dash_failureLine', failure.title, describeError(failure.error))),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The run as the page shows it (ExpireAllStatus). */
export function runView(run: ExpireRun | null): ExpireAllView | null {
  if (!run) return null;
  const time = dateTimeFormat(uiLocale(), { timeStyle: 'medium' });
  return {
    running: run.status === 'running',
    total: run.total,
    handled: run.handled,
    expired: run.expired,
    waitingUntil: run.waiting_until === null ? null : time.format(run.waiting_until),
    failed: run.failed.map((failure) => ({ title: failure.title, reason: describeError(failure.error) })),
  };
}

export interface ExpireRunFollowed {
  /** The background's run as last stored (null: none, or put away). */
  run: ExpireRun | null;
  /** Asks the background for a run of `scope` (or to join the one going on), and says it started. */
  start: (scope: ExpireScope) => Promise<void>;
}

/**
 * Follows the background's run; says its result once when it ends while the page is open, and a start
 * only while its run has not ended already (a run of one push may end before its start is answered).
 */
export function useExpireRun(): ExpireRunFollowed {
  const [run, setRun] = useState<ExpireRun | null>(null);
  const last = useRef<ExpireRun | null>(null);
  /** The start (started_at) of the last run whose result was said here. */
  const saidDone = useRef<number | null>(null);
  useEffect(() => {
    let live = true;
    const show = (next: ExpireRun | null) => {
      if (last.current?.status === 'running' && next?.status === 'done') {
        saidDone.current = next.started_at;
        announce(spokenResult(next));
      }
      last.current = next;
      setRun(next);
    };
    const stop = followRun(show);
    void readRun().then((stored) => live && last.current === null && show(stored));
    return () => {
      live = false;
      stop();
    };
  }, []);
  const start = async (scope: ExpireScope) => {
    try {
      const started = await startExpireAll(scope);
      if (saidDone.current !== started.started_at) announce(t('expireAll_started', started.total));
    } catch (error) {
      announce(describeError(error));
    }
  };
  return { run, start };
}
