import { useEffect, useState } from 'preact/hooks';
import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import type { FormOptions } from '@/lib/push/form';
import type { PassphraseStyle } from '@/lib/push/passphrase';
import type { Edition } from '@/lib/push/types';
import { EMAIL_LOCALES } from '@/lib/contract';
import { described, FieldError } from './FieldError';
import { CheckField, TextField } from './OptionFields';

export interface PushOptionsProps {
  edition: Edition;
  options: FormOptions;
  errors: FieldErrors;
  onChange: (patch: Partial<FormOptions>) => void;
  /** The container generates (it owns the randomness) and sets the passphrase through onChange. */
  onGenerate: (style: PassphraseStyle) => void;
}

const DAY_CHOICES = Array.from({ length: DAYS_MAX - DAYS_MIN + 1 }, (_, i) => DAYS_MIN + i);
const LANGUAGES: Record<(typeof EMAIL_LOCALES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
};
const MORE_FIELDS = [
  'name',
  'note',
  'notify_emails_to',
  'notify_emails_to_locale',
  'authenticated_recipients',
];

function Expiry({ edition, options, errors, onChange }: PushOptionsProps) {
  const field = edition === 'pro' ? 'expire_after_duration' : 'expire_after_days';
  return (
    <div class="sp-field">
      <label for="sp-expiry">Expiry</label>
      {edition === 'pro' ? (
        <select
          id="sp-expiry"
          value={String(options.expireAfterDuration)}
          onChange={(e) => onChange({ expireAfterDuration: Number(e.currentTarget.value) })}
          {...described(field, errors[field])}
        >
          {DURATIONS.map((d) => (
            <option key={d.value} value={String(d.value)}>
              {d.label}
            </option>
          ))}
        </select>
      ) : (
        <select
          id="sp-expiry"
          value={String(options.expireAfterDays)}
          onChange={(e) => onChange({ expireAfterDays: Number(e.currentTarget.value) })}
          {...described(field, errors[field])}
        >
          {DAY_CHOICES.map((d) => (
            <option key={d} value={String(d)}>
              {d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </select>
      )}
      <FieldError field={field} messages={errors[field]} />
    </div>
  );
}

function Passphrase({ options, errors, onChange, onGenerate }: PushOptionsProps) {
  const [style, setStyle] = useState<PassphraseStyle>('words');
  return (
    <div class="sp-field">
      <label for="sp-passphrase">Passphrase</label>
      <div class="sp-row">
        <input
          id="sp-passphrase"
          value={options.passphrase}
          autocomplete="off"
          spellcheck={false}
          onInput={(e) => onChange({ passphrase: e.currentTarget.value })}
          {...described('passphrase', errors.passphrase, 'sp-passphrase-hint')}
        />
        <select
          aria-label="Passphrase style"
          value={style}
          onChange={(e) => setStyle(e.currentTarget.value as PassphraseStyle)}
        >
          <option value="words">Words</option>
          <option value="characters">Characters</option>
        </select>
        <button type="button" onClick={() => onGenerate(style)}>
          Generate
        </button>
      </div>
      <p id="sp-passphrase-hint" class="sp-hint">
        Optional. Send it to the recipient another way.
      </p>
      <FieldError field="passphrase" messages={errors.passphrase} />
    </div>
  );
}

/** Expiry, views and passphrase up front; the rest under "More options", opened when one of them has an error. */
export function PushOptions(props: PushOptionsProps) {
  const { edition, options, errors, onChange } = props;
  const moreHasErrors = MORE_FIELDS.some((field) => errors[field]?.length);
  const [open, setOpen] = useState(moreHasErrors);
  useEffect(() => {
    if (moreHasErrors) setOpen(true);
  }, [moreHasErrors]);

  return (
    <div class="sp-options">
      <div class="sp-row">
        <Expiry {...props} />
        <div class="sp-field">
          <label for="sp-views">Views</label>
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
      </div>
      <Passphrase {...props} />
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>More options</summary>
        <TextField
          id="sp-name"
          field="name"
          label="Name"
          hint="Only you see it, in your list of pushes."
          value={options.name}
          errors={errors.name}
          onInput={(name) => onChange({ name })}
        />
        <TextField
          id="sp-note"
          field="note"
          label="Private note"
          value={options.note}
          errors={errors.note}
          onInput={(note) => onChange({ note })}
        />
        <CheckField
          field="deletable_by_viewer"
          label="Deletable by viewer"
          checked={options.deletableByViewer}
          errors={errors.deletable_by_viewer}
          onChange={(deletableByViewer) => onChange({ deletableByViewer })}
        />
        <CheckField
          field="retrieval_step"
          label="Retrieval step"
          checked={options.retrievalStep}
          errors={errors.retrieval_step}
          onChange={(retrievalStep) => onChange({ retrievalStep })}
        />
        <TextField
          id="sp-notify"
          field="notify_emails_to"
          label="Notify e-mails"
          hint="Up to 5 addresses, separated by commas, get the link by e-mail."
          value={options.notifyEmailsTo}
          errors={errors.notify_emails_to}
          onInput={(notifyEmailsTo) => onChange({ notifyEmailsTo })}
        />
        <div class="sp-field">
          <label for="sp-notify-locale">E-mail language</label>
          <select
            id="sp-notify-locale"
            value={options.notifyEmailsToLocale}
            onChange={(e) => onChange({ notifyEmailsToLocale: e.currentTarget.value })}
            {...described('notify_emails_to_locale', errors.notify_emails_to_locale)}
          >
            {EMAIL_LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGES[code]}
              </option>
            ))}
          </select>
          <FieldError field="notify_emails_to_locale" messages={errors.notify_emails_to_locale} />
        </div>
        {edition === 'pro' && (
          <CheckField
            field="authenticated_recipients"
            label="Authenticated recipients"
            checked={options.authenticatedRecipients}
            errors={errors.authenticated_recipients}
            onChange={(authenticatedRecipients) => onChange({ authenticatedRecipients })}
          />
        )}
      </details>
    </div>
  );
}
