import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { PushDefaults } from '@/lib/store/items';

export interface DefaultsFieldsProps {
  value: PushDefaults;
  /** Edition of the server in use; both expiry fields are shown while it is unknown. */
  edition?: 'pro' | 'oss';
  errors: Partial<Record<keyof PushDefaults, string>>;
  onChange: (patch: Partial<PushDefaults>) => void;
}

/** NaN for an empty number field, which the defaults rules then reject with their own message. */
const numberOf = (input: HTMLInputElement) => (input.value === '' ? Number.NaN : Number(input.value));

/** Defaults for new pushes: expiry (by edition), views, and the three switches. */
export function DefaultsFields({ value, edition, errors, onChange }: DefaultsFieldsProps) {
  return (
    <fieldset>
      <legend>Defaults for new pushes</legend>
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
        <div class="field">
          <label for="default-days">
            {edition === 'oss' ? 'Expire after days' : 'Expire after days (open-source servers)'}
          </label>
          <input
            id="default-days"
            type="number"
            min={DAYS_MIN}
            max={DAYS_MAX}
            step={1}
            value={Number.isNaN(value.expireAfterDays) ? '' : value.expireAfterDays}
            aria-invalid={errors.expireAfterDays ? true : undefined}
            onInput={(e) => onChange({ expireAfterDays: numberOf(e.currentTarget) })}
          />
          {errors.expireAfterDays && <p class="field-error">{errors.expireAfterDays}</p>}
        </div>
      )}
      <div class="field">
        <label for="default-views">Expire after views</label>
        <input
          id="default-views"
          type="number"
          min={VIEWS_MIN}
          max={VIEWS_MAX}
          step={1}
          value={Number.isNaN(value.expireAfterViews) ? '' : value.expireAfterViews}
          aria-invalid={errors.expireAfterViews ? true : undefined}
          onInput={(e) => onChange({ expireAfterViews: numberOf(e.currentTarget) })}
        />
        {errors.expireAfterViews && <p class="field-error">{errors.expireAfterViews}</p>}
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={value.retrievalStep}
          onChange={(e) => onChange({ retrievalStep: e.currentTarget.checked })}
        />
        Retrieval step (the recipient clicks through before the secret is shown)
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={value.deletableByViewer}
          onChange={(e) => onChange({ deletableByViewer: e.currentTarget.checked })}
        />
        Deletable by viewer
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={value.passphrase}
          onChange={(e) => onChange({ passphrase: e.currentTarget.checked })}
        />
        Ask for a passphrase
      </label>
    </fieldset>
  );
}
