import { t } from '@/lib/i18n';

export interface GuardLineProps {
  /** Turns the retrieval step off for this push; absent while it is being sent. */
  onTurnOff?: () => void;
}

/** The chat-preview guard's one line: why the retrieval step is on, and "Turn off" beside it. */
export function GuardLine({ onTurnOff }: GuardLineProps) {
  return (
    <div class="sp-row sp-warning sp-guard">
      <p id="sp-guard-line" class="sp-grow">
        {t('guard_line')}
      </p>
      {onTurnOff && (
        <button type="button" aria-describedby="sp-guard-line" onClick={onTurnOff}>
          {t('guard_turnOff')}
        </button>
      )}
    </div>
  );
}
