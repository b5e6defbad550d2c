import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { PushDefaults } from '@/lib/store/items';
import { CheckField } from '@/components/CheckField';
import { NumberField } from './fields';
import { SavedNote } from './SavedNote';

export interface DefaultsFieldsProps {
  value: PushDefaults;
  /** Edition of the server in use; both expiry fields are shown while it is unknown. */
  edition?: 'pro' | 'oss';
  errors: Partial<Record<keyof PushDefaults, string>>;
  onChange: (patch: Partial<PushDefaults>) => void;
  /** A change was just saved: the section says so quietly. */
  saved?: boolean;
}

/** Defaults for new pushes: expiry (by edition), views, and the three switches. */
export function DefaultsFields({ value, edition, errors, onChange, saved }: DefaultsFieldsProps) {
  return (
    <fieldset>
      <legend>Defaults for new pushes</legend>
      <SavedNote saved={Boolean(saved)} />
      {edition !== 'oss' && (
        <div class="field">
          <label for="default-duration">
            {edition === 'pro' ? 'Expire after' : 'Expire after (pwpush.com and Pro servers)'}
          </label>
          <select
            id="default-duration"
            value={String(value.expireAfterDuration)}
            onChange={(e) => onChange({ expireAfterDuration: Number(e.currentTarget.value) })}
          >
            {DURATIONS.map((d) => (
              <option key={d.value} value={String(d.value)}>
                {d.label}
              </option>
            ))}
          </select>
          {errors.expireAfterDuration && <p class="field-error">{errors.expireAfterDuration}</p>}
        </div>
      )}
      {edition !== 'pro' && (
        <NumberField
          id="default-days"
          label={edition === 'oss' ? 'Expire after days' : 'Expire after days (open-source servers)'}
          min={DAYS_MIN}
          max={DAYS_MAX}
          value={value.expireAfterDays}
          error={errors.expireAfterDays}
          onChange={(expireAfterDays) => onChange({ expireAfterDays })}
        />
      )}
      <NumberField
        id="default-views"
        label="Expire after views"
        min={VIEWS_MIN}
        max={VIEWS_MAX}
        value={value.expireAfterViews}
        error={errors.expireAfterViews}
        onChange={(expireAfterViews) => onChange({ expireAfterViews })}
      />
      <CheckField checked={value.retrievalStep} onChange={(retrievalStep) => onChange({ retrievalStep })}>
        Retrieval step (the recipient clicks through before the secret is shown)
      </CheckField>
      <CheckField
        checked={value.deletableByViewer}
        onChange={(deletableByViewer) => onChange({ deletableByViewer })}
      >
        Deletable by viewer
      </CheckField>
      <CheckField checked={value.passphrase} onChange={(passphrase) => onChange({ passphrase })}>
        Ask for a passphrase
      </CheckField>
    </fieldset>
  );
}
