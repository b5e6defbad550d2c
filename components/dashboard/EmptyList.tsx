import { t } from '@/lib/i18n';
import type { EmptyCase } from './empty';

export interface EmptyListProps {
  empty: EmptyCase;
  /** The last error in words (describeError), for 'unreachable'. */
  reason?: string;
  /** Where a token is added or replaced. */
  optionsUrl: string;
  onRefresh: () => void;
}

/** Why the list is empty, and what to do about it (issue 19): each case with its own action. */
export function EmptyList({ empty, reason, optionsUrl, onRefresh }: EmptyListProps) {
  switch (empty.kind) {
    case 'loading':
      return (
        // A hint while the list is read, not a status region: the rows that follow are the result.
        <p class="hint loading" aria-busy="true">
          <span class="spinner" aria-hidden="true" />
          {empty.reading ? t('dash_readingAccount') : t('dash_loading')}
        </p>
      );
    case 'filtered':
      return <p class="hint">{t('dash_emptyFiltered')}</p>;
    case 'account':
      return (
        <div class="empty">
          <p>{t('dash_emptyAccount')}</p>
          <button type="button" onClick={onRefresh}>
            {t('dash_emptyCheckAgain')}
          </button>
        </div>
      );
    case 'no-token':
    case 'rejected':
      return (
        <div class="empty">
          <p>{empty.kind === 'no-token' ? t('dash_emptyNoToken') : t('dash_emptyRejected')}</p>
          <a href={optionsUrl} target="_blank" rel="noopener">
            {t('dash_emptyOpenSettings')}
          </a>
        </div>
      );
    case 'unreachable':
      return (
        <div class="empty" role="alert">
          <p>{t('dash_emptyUnreachable', reason ?? empty.error.message)}</p>
          <button type="button" onClick={onRefresh}>
            {t('dash_emptyTryAgain')}
          </button>
        </div>
      );
  }
}
