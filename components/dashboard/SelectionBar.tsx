import { useEffect, useRef } from 'preact/hooks';
import { CheckField } from '@/components/CheckField';
import { plural, t } from '@/lib/i18n';

export interface ExpireFailure {
  title: string;
  /** Why, in words (describeError). */
  reason: string;
}

export interface SelectionBarProps {
  /** How many of the shown pushes are selected. */
  selected: number;
  shown: number;
  busy: boolean;
  onSelectAll: (all: boolean) => void;
  onExpireSelected: () => void;
  /** The outcome of the last expire, if any. */
  report?: { expired: number; failed: ExpireFailure[] } | null;
}

/**
 * Select several pushes and expire them together; shows which ones failed and why. A new report takes the
 * focus (the Expire button that asked may be gone or disabled by then, and focus must not fall to the page),
 * and its words are said through the page's live region by useExpire, not by a status region created with
 * them.
 */
export function SelectionBar({ selected, shown, busy, report, ...on }: SelectionBarProps) {
  const reported = useRef<HTMLDivElement>(null);
  useEffect(() => reported.current?.focus(), [report]);
  return (
    <div class="selection">
      <div class="row">
        <CheckField
          checked={shown > 0 && selected === shown}
          disabled={shown === 0}
          onChange={on.onSelectAll}
        >
          {t('dash_selectAllShown')}
        </CheckField>
        <span class="hint">{plural('dash_selected', selected)}</span>
        <button type="button" class="danger" disabled={busy || selected === 0} onClick={on.onExpireSelected}>
          {t('dash_expireSelected')}
        </button>
      </div>
      {report && (
        <div class="expire-report" tabIndex={-1} ref={reported}>
          {report.expired > 0 && <p>{plural('dash_expiredCount', report.expired)}</p>}
          {report.failed.length > 0 && (
            <div class="error">
              <p>{plural('dash_notExpiredCount', report.failed.length)}</p>
              <ul>
                {report.failed.map((failure) => (
                  <li key={failure.title}>{t('dash_failureLine', failure.title, failure.reason)}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
