import { t } from '@/lib/i18n';
import { described, FieldError } from './FieldError';

export interface UrlInputProps {
  value: string;
  onInput: (value: string) => void;
  errors?: string[];
  /** Fills the field with the current tab's address; the button appears only when this is given. */
  onUseTabUrl?: () => void;
}

/** The link of a URL push: the recipient is sent on to it once. */
export function UrlInput({ value, onInput, errors, onUseTabUrl }: UrlInputProps) {
  return (
    <div class="sp-field">
      <label for="sp-url">{t('push_kindUrl')}</label>
      <input
        id="sp-url"
        name="payload"
        type="url"
        inputMode="url"
        // i18n-ignore: the scheme a link starts with, the same in every language
        placeholder="https://"
        value={value}
        autocomplete="off"
        spellcheck={false}
        onInput={(e) => onInput(e.currentTarget.value)}
        {...described('payload', errors)}
      />
      {onUseTabUrl && (
        <div class="sp-row">
          <button type="button" onClick={onUseTabUrl}>
            {t('push_useTabUrl')}
          </button>
        </div>
      )}
      <FieldError field="payload" messages={errors} />
    </div>
  );
}
