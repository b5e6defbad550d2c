import { described, FieldError } from './FieldError';

export interface SecretInputProps {
  value: string;
  onInput: (value: string) => void;
  errors?: string[];
  /** Shown under the field, e.g. what the recipient will see. */
  hint?: string;
  maxLength?: number;
}

/** The secret itself: a textarea whose accessible name is exactly "Secret". Never autocompleted or spell-checked. */
export function SecretInput({ value, onInput, errors, hint, maxLength }: SecretInputProps) {
  return (
    <div class="sp-field">
      <label for="sp-secret">Secret</label>
      <textarea
        id="sp-secret"
        name="payload"
        rows={4}
        value={value}
        maxLength={maxLength}
        autocomplete="off"
        spellcheck={false}
        onInput={(e) => onInput(e.currentTarget.value)}
        {...described('payload', errors, hint ? 'sp-secret-hint' : undefined)}
      />
      {hint && (
        <p id="sp-secret-hint" class="sp-hint">
          {hint}
        </p>
      )}
      <FieldError field="payload" messages={errors} />
    </div>
  );
}
