import { useEffect, useRef } from 'preact/hooks';
import { plural, t } from '@/lib/i18n';
import type { ExpireFailure } from '@/components/dashboard/SelectionBar';
import './expire-all.css';

export interface ExpireAllView {
  running: boolean;
  total: number;
  handled: number;
  expired: number;
  /** While the server's Retry-After is waited out: the time the run goes on, in words ("14:02:10"). */
  waitingUntil: string | null;
  /** The pushes it could not expire, each with why (describeError). */
  failed: ExpireFailure[];
}

export interface ExpireAllStatusProps {
  run: ExpireAllView | null;
  onDismiss: () => void;
}

/**
 * Expire everything's run as the background reports it: "Expiring everything: 12 of 40" with a bar while it
 * goes on, then how many expired and each push it could not expire and why. The words are said through the
 * page's live region by useExpireAll; the result takes the focus when it arrives while the page shows the run.
 */
export function ExpireAllStatus({ run, onDismiss }: ExpireAllStatusProps) {
  const result = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(false);
  const running = run?.running ?? false;
  // Only a run seen going on here: a dashboard opened on a finished run keeps its focus where it was.
  useEffect(() => {
    if (!running && wasRunning.current) result.current?.focus();
    wasRunning.current = running;
  }, [running]);
  if (!run) return null;
  if (run.running)
    return (
      <div class="expire-all">
        <p>
          <label>
            {t('expireAll_progress', run.handled, run.total)}{' '}
            <progress max={Math.max(run.total, 1)} value={run.handled} />
          </label>
        </p>
        {run.waitingUntil && <p class="hint">{t('expireAll_waiting', run.waitingUntil)}</p>}
      </div>
    );
  return (
    <div class="expire-all" tabIndex={-1} ref={result}>
      <div class="expire-all-row">
        <p>{t('expireAll_done', run.expired, run.total)}</p>
        <button type="button" onClick={onDismiss}>
          {t('expireAll_dismiss')}
        </button>
      </div>
      {run.failed.length > 0 && (
        <div class="error">
          <p>{plural('dash_notExpiredCount', run.failed.length)}</p>
          <ul>
            {run.failed.map((failure, i) => (
              <li key={i}>{t('dash_failureLine', failure.title, failure.reason)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
