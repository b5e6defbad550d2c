import { CheckField } from '@/components/CheckField';
import { CLIPBOARD_CLEAR_DELAYS } from '@/lib/settings';
import { describedBy, NumberSelect, SettingsField } from './fields';
import { SavedNote } from './SavedNote';
import { plural, t } from '@/lib/i18n';

export interface ClipboardFieldsProps {
  /** Seconds, one of CLIPBOARD_CLEAR_DELAYS; 0 is off. */
  value: number;
  /** Why the last choice could not be kept (the browser refused to let us read the clipboard). */
  error?: string;
  onChange: (seconds: number) => void;
  /** A change was just saved: the section says so quietly. */
  saved?: boolean;
  /** Whether the popup copies a new push's link at once (copyOnCreateItem). */
  copyOnCreate: boolean;
  onCopyOnCreate: (on: boolean) => void;
}

const delayLabel = (seconds: number) =>
  seconds === 0
    ? t('settings_clearOff')
    : seconds < 60
      ? plural('settings_clearAfterSeconds', seconds)
      : plural('settings_clearAfterMinutes', seconds / 60);

/**
 * Copying a new link at once, and when the extension empties the clipboard after copying a secret, a link
 * or a passphrase.
 */
export function ClipboardFields(props: ClipboardFieldsProps) {
  const { value, error, onChange, saved } = props;
  return (
    <fieldset>
      <legend>{t('settings_clipboardLegend')}</legend>
      <SavedNote saved={Boolean(saved)} />
      <div class="field">
        <CheckField checked={props.copyOnCreate} onChange={props.onCopyOnCreate}>
          {t('settings_copyOnCreate')}
        </CheckField>
      </div>
      <SettingsField
        id="clipboard-clear"
        label={t('settings_clipboardClear')}
        error={error}
        keepHelp
        help={t('settings_clipboardClearHelp')}
      >
        <NumberSelect
          id="clipboard-clear"
          value={value}
          choices={CLIPBOARD_CLEAR_DELAYS}
          label={delayLabel}
          aria={describedBy('clipboard-clear', error)}
          onChange={onChange}
        />
      </SettingsField>
    </fieldset>
  );
}
