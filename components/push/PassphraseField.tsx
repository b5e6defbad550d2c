import { useState } from 'preact/hooks';
import type { FieldErrors } from '@/lib/errors';
import type { FormOptions } from '@/lib/push/form';
import type { PassphraseStyle } from '@/lib/generator/passphrase';
import { WandIcon } from '@/components/icons';
import { t } from '@/lib/i18n';
import { described, FieldError } from './FieldError';

/** The passphrase with its generator; the container generates (it owns the randomness). */
export function PassphraseField(props: {
  options: FormOptions;
  errors: FieldErrors;
  onChange: (patch: Partial<FormOptions>) => void;
  onGenerate: (style: PassphraseStyle) => void;
}) {
  const { options, errors, onChange, onGenerate } = props;
  const [style, setStyle] = useState<PassphraseStyle>('words');
  return (
    <div class="sp-field">
      {/* The style on the label's line, so the field has the whole width: a generated value reads whole. */}
      <div class="sp-label-row">
        <label for="sp-passphrase">{t('push_fieldPassphrase')}</label>
        <select
          aria-label={t('push_passphraseStyle')}
          value={style}
          onChange={(e) => setStyle(e.currentTarget.value as PassphraseStyle)}
        >
          <option value="words">{t('push_styleWords')}</option>
          <option value="characters">{t('push_styleCharacters')}</option>
        </select>
      </div>
      <div class="sp-tooled">
        <input
          id="sp-passphrase"
          value={options.passphrase}
          autocomplete="off"
          spellcheck={false}
          dir="auto"
          onInput={(e) => onChange({ passphrase: e.currentTarget.value })}
          {...described('passphrase', errors.passphrase, 'sp-passphrase-hint')}
        />
        <span class="sp-tool">
          <button
            type="button"
            class="icon-button"
            aria-label={t('push_generatePassphrase')}
            title={t('push_generatePassphrase')}
            onClick={() => onGenerate(style)}
          >
            <WandIcon />
          </button>
        </span>
      </div>
      <p id="sp-passphrase-hint" class="sp-hint">
        {t('push_passphraseHint')}
      </p>
      <FieldError field="passphrase" messages={errors.passphrase} />
    </div>
  );
}
