import { described, FieldError } from './FieldError';

export interface UrlInputProps {
  value: string;
  onInput: (value: string) => void;
  errors?: string[];
}

/** The link of a URL push: the recipient is sent on to it once. */
export function UrlInput({ value, onInput, errors }: UrlInputProps) {
  return (
    <div class="sp-field">
      <label for="sp-url">URL</label>
      <input
        id="sp-url"
        name="payload"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value}
        autocomplete="off"
        spellcheck={false}
        onInput={(e) => onInput(e.currentTarget.value)}
        {...described('payload', errors)}
      />
      <FieldError field="payload" messages={errors} />
    </div>
  );
}
