import { SavedNote } from './SavedNote';
import { t } from '@/lib/i18n';

export interface GuardFieldsProps {
  /** The chat-preview guard is on (lib/settings, chatGuard). */
  on: boolean;
  onChange: (on: boolean) => void;
  /** A change was just saved: the section says so quietly. */
  saved?: boolean;
}

/** The chat-preview guard (issue 39): the retrieval step for pushes made from a chat or mail app. */
export function GuardFields({ on, onChange, saved }: GuardFieldsProps) {
  return (
    <fieldset>
      <legend>{t('guard_legend')}</legend>
      <SavedNote saved={Boolean(saved)} />
      <div class="field">
        <label class="check">
          <input
            type="checkbox"
            checked={on}
            aria-describedby="chat-guard-help"
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          {t('guard_setting')}
        </label>
        <p id="chat-guard-help" class="help">
          {t('guard_settingHelp')}
        </p>
      </div>
    </fieldset>
  );
}
