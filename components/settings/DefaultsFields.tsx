import { DAYS_MAX, DAYS_MIN, DURATIONS, durationLabel, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { PushDefaults } from '@/lib/settings';
import { CheckField } from '@/components/CheckField';
import { NumberField } from './fields';
import { ManagedNote } from './PolicyNotice';
import { SavedNote } from './SavedNote';
import { t, uiLocale } from '@/lib/i18n';

export interface DefaultsFieldsProps {
  value: PushDefaults;
  /** Edition of the server in use; both expiry fields are shown while it is unknown. */
  edition?: 'pro' | 'oss';
  errors: Partial<Record<keyof PushDefaults, string>>;
  onChange: (patch: Partial<PushDefaults>) => void;
  /** A change was just saved: the section says so quietly. */
  saved?: boolean;
  /** The fields an organization's policy sets: shown disabled, with a line saying so. */
  managed?: ReadonlySet<keyof PushDefaults>;
}

/** Defaults for new pushes: expiry (by edition), views, and the three switches. */
export function DefaultsFields(props: DefaultsFieldsProps) {
  const { value, edition, errors, onChange, saved } = props;
  const managed = (key: keyof PushDefaults) => props.managed?.has(key) ?? false;
  const note = (key: keyof PushDefaults) => managed(key) && <ManagedNote />;
  return (
    <fieldset>
      <legend>{t('settings_defaultsLegend')}</legend>
      <SavedNote saved={Boolean(saved)} />
      {edition !== 'oss' && (
        <div class="field">
          <label for="default-duration">
            {t(edition === 'pro' ? 'settings_expireAfter' : 'settings_expireAfterPro')}
          </label>
          <select
            id="default-duration"
            disabled={managed('expireAfterDuration')}
            value={String(value.expireAfterDuration)}
            onChange={(e) => onChange({ expireAfterDuration: Number(e.currentTarget.value) })}
          >
            {DURATIONS.map((d) => (
              <option key={d.value} value={String(d.value)}>
                {durationLabel(d.value, uiLocale())}
              </option>
            ))}
          </select>
          {errors.expireAfterDuration && <p class="field-error">{errors.expireAfterDuration}</p>}
          {note('expireAfterDuration')}
        </div>
      )}
      {edition !== 'pro' && (
        <NumberField
          id="default-days"
          label={t(edition === 'oss' ? 'settings_expireAfterDays' : 'settings_expireAfterDaysOss')}
          min={DAYS_MIN}
          max={DAYS_MAX}
          value={value.expireAfterDays}
          error={errors.expireAfterDays}
          disabled={managed('expireAfterDays')}
          note={note('expireAfterDays')}
          onChange={(expireAfterDays) => onChange({ expireAfterDays })}
        />
      )}
      <NumberField
        id="default-views"
        label={t('settings_expireAfterViews')}
        min={VIEWS_MIN}
        max={VIEWS_MAX}
        value={value.expireAfterViews}
        error={errors.expireAfterViews}
        disabled={managed('expireAfterViews')}
        note={note('expireAfterViews')}
        onChange={(expireAfterViews) => onChange({ expireAfterViews })}
      />
      <CheckField
        checked={value.retrievalStep}
        disabled={managed('retrievalStep')}
        onChange={(retrievalStep) => onChange({ retrievalStep })}
      >
        {t('settings_retrievalStep')}
      </CheckField>
      {note('retrievalStep')}
      <CheckField
        checked={value.deletableByViewer}
        disabled={managed('deletableByViewer')}
        onChange={(deletableByViewer) => onChange({ deletableByViewer })}
      >
        {t('settings_deletableByViewer')}
      </CheckField>
      {note('deletableByViewer')}
      <CheckField
        checked={value.passphrase}
        disabled={managed('passphrase')}
        onChange={(passphrase) => onChange({ passphrase })}
      >
        {t('settings_askPassphrase')}
      </CheckField>
      {note('passphrase')}
    </fieldset>
  );
}
