import { RefreshIcon } from '@/components/icons/Refresh';
import { When } from './When';

export interface RefreshBarProps {
  busy: boolean;
  /** ISO time of the last refresh that finished, if any. */
  lastRefreshed?: string | null;
  /** The last refresh's failure, already in words (describeError). */
  error?: string | null;
  onRefresh: () => void;
  /** The page's clock (ms), moving once a minute. */
  now: number;
}

/** The Refresh button with when it last ran and how it went. */
export function RefreshBar({ busy, lastRefreshed, error, onRefresh, now }: RefreshBarProps) {
  return (
    <div class="refresh">
      <p role="status" class="hint">
        {busy ? (
          'Asking the server…'
        ) : lastRefreshed ? (
          <>
            Last refreshed <When at={lastRefreshed} now={now} />
          </>
        ) : (
          'Not refreshed yet'
        )}
      </p>
      <button type="button" class="primary" disabled={busy} onClick={onRefresh}>
        <RefreshIcon /> {busy ? 'Refreshing…' : 'Refresh'}
      </button>
      {error && (
        <p role="alert" class="error">
          Refresh failed: {error}
        </p>
      )}
    </div>
  );
}
