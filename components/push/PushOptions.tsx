import { useEffect, useState } from 'preact/hooks';
import { VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import { t } from '@/lib/i18n';
import type { FormOptions } from '@/lib/push/form';
import type { PassphraseStyle } from '@/lib/generator/passphrase';
import type { Edition } from '@/lib/api';
import { ExpiryField } from './ExpiryField';
import { described, FieldError } from './FieldError';
import { onDemand, Part, whenLoaded } from '@/components/onDemand';
import { MORE_FIELDS } from './more-fields';
import type { MoreOptionsProps } from './MoreOptions';
import { TextField } from './OptionFields';
import { useNow } from '@/components/useNow';
import { PassphraseField } from './PassphraseField';

export interface PushOptionsProps {
  edition: Edition;
  options: FormOptions;
  errors: FieldErrors;
  onChange: (patch: Partial<FormOptions>) => void;
  /** The container generates (it owns the randomness) and sets the passphrase through onChange. */
  onGenerate: (style: PassphraseStyle) => void;
  /** The name a push made at `now` gets when the field is left empty (lib/push/form's formLabel). */
  nameSample?: (now: number) => string;
}

/**
 * The push's name, whose sample is the name the push gets if it is left empty. That name may tell the time
 * to the second, so the sample follows the clock (only this field renders again each second).
 */
function NameField({ options, errors, onChange, nameSample }: PushOptionsProps) {
  const now = useNow(1000);
  return (
    <TextField
      id="sp-name"
      field="name"
      label={t('push_fieldName')}
      hint={t('push_nameHint')}
      placeholder={nameSample?.(now)}
      value={options.name}
      errors={errors.name}
      onInput={(name) => onChange({ name })}
    />
  );
}

function ViewsField({ options, errors, onChange }: PushOptionsProps) {
  return (
    <div class="sp-field">
      <label for="sp-views">{t('push_fieldViews')}</label>
      <input
        id="sp-views"
        type="number"
        min={VIEWS_MIN}
        max={VIEWS_MAX}
        step={1}
        value={options.expireAfterViews}
        onInput={(e) => onChange({ expireAfterViews: e.currentTarget.valueAsNumber })}
        {...described('expire_after_views', errors.expire_after_views)}
      />
      <FieldError field="expire_after_views" messages={errors.expire_after_views} />
    </div>
  );
}

// Loaded when "More options" is first opened (or one of its fields has an error); it opens once arrived.
const MORE_OPTIONS = onDemand<MoreOptionsProps>(() => import('./MoreOptions').then((m) => m.MoreOptions));

/** Name, expiry, views and passphrase up front; the rest under "More options", opened when one of them has an error. */
export function PushOptions(props: PushOptionsProps) {
  const moreHasErrors = MORE_FIELDS.some((field) => props.errors[field]?.length);
  const [open, setOpen] = useState(moreHasErrors);
  useEffect(() => {
    if (moreHasErrors) whenLoaded(MORE_OPTIONS, () => setOpen(true));
  }, [moreHasErrors]);

  return (
    <div class="sp-options">
      <NameField {...props} />
      {/* Two columns of their own: an error under one field wraps within it and never breaks the row. */}
      <div class="sp-pair">
        <ExpiryField {...props} />
        <ViewsField {...props} />
      </div>
      <PassphraseField {...props} />
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary
          onClick={(event) => {
            if (MORE_OPTIONS.loaded()) return;
            event.preventDefault(); // opened with its fields, once they have arrived
            whenLoaded(MORE_OPTIONS, () => setOpen(true));
          }}
        >
          {t('push_moreOptions')}
        </summary>
        {(open || MORE_OPTIONS.loaded()) && <Part of={MORE_OPTIONS} {...props} />}
      </details>
    </div>
  );
}
