import { formatTime } from './format';

export interface RefreshBarProps {
  busy: boolean;
  /** ISO time of the last refresh that finished, if any. */
  lastRefreshed?: string | null;
  /** The last refresh's failure, already in words (describeError). */
  error?: string | null;
  onRefresh: () => void;
}

/** The Refresh button with when it last ran and how it went. */
export function RefreshBar({ busy, lastRefreshed, error, onRefresh }: RefreshBarProps) {
  return (
    <div class="refresh row">
      <button type="button" class="primary" disabled={busy} onClick={onRefresh}>
        {busy ? 'Refreshing…' : 'Refresh'}
      </button>
      <p role="status" class="hint">
        {busy
          ? 'Asking the server…'
          : lastRefreshed
            ? `Last refreshed ${formatTime(lastRefreshed)}`
            : 'Not refreshed yet'}
      </p>
      {error && (
        <p role="alert" class="error">
          Refresh failed: {error}
        </p>
      )}
    </div>
  );
}
