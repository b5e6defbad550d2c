import { CheckField } from '@/components/CheckField';

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

/** Select several pushes and expire them together; shows which ones failed and why. */
export function SelectionBar({ selected, shown, busy, report, ...on }: SelectionBarProps) {
  return (
    <div class="selection">
      <div class="row">
        <CheckField
          checked={shown > 0 && selected === shown}
          disabled={shown === 0}
          onChange={on.onSelectAll}
        >
          Select all shown
        </CheckField>
        <span class="hint">{selected} selected</span>
        <button type="button" class="danger" disabled={busy || selected === 0} onClick={on.onExpireSelected}>
          Expire selected
        </button>
      </div>
      {report && (
        <div role="status">
          {report.expired > 0 && (
            <p>{report.expired === 1 ? '1 push expired.' : `${report.expired} pushes expired.`}</p>
          )}
          {report.failed.length > 0 && (
            <div role="alert" class="error">
              <p>
                {report.failed.length === 1
                  ? '1 push was not expired:'
                  : `${report.failed.length} pushes were not expired:`}
              </p>
              <ul>
                {report.failed.map((failure) => (
                  <li key={failure.title}>
                    {failure.title}: {failure.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
