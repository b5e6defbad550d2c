import { RefreshIcon } from '@/components/icons';
import { SettingsLinked } from '../SettingsLinked';
import { t } from '@/lib/i18n';
import { Placed, PLACE } from '@/components/Placed';
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

/**
 * The Refresh button with when it last ran and how it went. "Last refreshed 2 minutes ago" is redrawn every
 * minute, so it is plain text: the end of a refresh is said once through the page's live region (useRefresh).
 */
export function RefreshBar({ busy, lastRefreshed, error, onRefresh, now }: RefreshBarProps) {
  return (
    <div class="refresh">
      <p class="hint">
        {busy ? (
          t('dash_refreshBusy')
        ) : lastRefreshed ? (
          <Placed text={t('dash_lastRefreshed', PLACE)}>
            <When at={lastRefreshed} now={now} past />
          </Placed>
        ) : (
          t('dash_notRefreshed')
        )}
      </p>
      <button type="button" class="primary" disabled={busy} onClick={onRefresh}>
        <RefreshIcon /> {busy ? t('dash_refreshing') : t('dash_refresh')}
      </button>
      {error && (
        <p role="alert" class="error">
          <SettingsLinked text={t('dash_refreshFailed', error)} />
        </p>
      )}
    </div>
  );
}
