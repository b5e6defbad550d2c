import type { FieldErrors } from '@/lib/errors';
import { EMAIL_LOCALES, MAX_EMAILS } from '@/lib/contract';
import { plural, t, type MessageKey } from '@/lib/i18n';
import type { FormOptions } from '@/lib/push/form';
import type { Edition } from '@/lib/api';
import type { MoreField } from './more-fields';
import { CheckField, SelectField, TextField, type Choice } from './OptionFields';

type TextKey = 'note' | 'notifyEmailsTo';
type CheckKey = 'deletableByViewer' | 'retrievalStep' | 'authenticatedRecipients';
type Spec =
  | { type: 'text'; key: TextKey; id: string; field: MoreField; label: MessageKey; hint?: () => string }
  | { type: 'check'; key: CheckKey; field: MoreField; label: MessageKey; hint: MessageKey; proOnly?: boolean }
  | { type: 'locale'; field: MoreField };

/** Each language by its own name, as language pickers show it: a reader finds their own at a glance. */
const LANGUAGES: Record<(typeof EMAIL_LOCALES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  nl: 'Nederlands',
};
const LOCALE_CHOICES: Choice[] = EMAIL_LOCALES.map((code) => ({
  value: code,
  label: LANGUAGES[code],
  lang: code,
}));

/** The options behind "More options", in the order they are shown. */
const SPECS: readonly Spec[] = [
  { type: 'text', key: 'note', id: 'sp-note', field: 'note', label: 'push_privateNote' },
  {
    type: 'check',
    key: 'deletableByViewer',
    field: 'deletable_by_viewer',
    label: 'push_deletableByViewer',
    hint: 'push_deletableByViewerHint',
  },
  {
    type: 'check',
    key: 'retrievalStep',
    field: 'retrieval_step',
    label: 'push_retrievalStep',
    hint: 'push_retrievalStepHint',
  },
  {
    type: 'text',
    key: 'notifyEmailsTo',
    id: 'sp-notify',
    field: 'notify_emails_to',
    label: 'push_fieldNotifyEmails',
    hint: () => plural('push_notifyHint', MAX_EMAILS),
  },
  { type: 'locale', field: 'notify_emails_to_locale' },
  {
    type: 'check',
    key: 'authenticatedRecipients',
    field: 'authenticated_recipients',
    label: 'push_fieldAuthRecipients',
    hint: 'push_authRecipientsHint',
    proOnly: true,
  },
];

/** The fields shown, in order: more-fields.ts lists the same (a test holds them together). */
export const SHOWN_FIELDS: readonly MoreField[] = SPECS.map((spec) => spec.field);

export interface MoreOptionsProps {
  edition: Edition;
  options: FormOptions;
  errors: FieldErrors;
  onChange: (patch: Partial<FormOptions>) => void;
}

function Option({ spec, options, errors, onChange }: MoreOptionsProps & { spec: Spec }) {
  if (spec.type === 'text') {
    const { key, id, field, label, hint } = spec;
    return (
      <TextField
        id={id}
        field={field}
        label={t(label)}
        hint={hint?.()}
        value={options[key]}
        errors={errors[spec.field]}
        onInput={(v) => onChange({ [key]: v })}
      />
    );
  }
  if (spec.type === 'check') {
    const { key, field, label, hint } = spec;
    return (
      <CheckField
        field={field}
        label={t(label)}
        hint={t(hint)}
        checked={options[key]}
        errors={errors[field]}
        onChange={(v) => onChange({ [key]: v })}
      />
    );
  }
  return (
    <SelectField
      id="sp-notify-locale"
      field={spec.field}
      label={t('push_fieldEmailLanguage')}
      value={options.notifyEmailsToLocale}
      choices={LOCALE_CHOICES}
      errors={errors[spec.field]}
      onChange={(notifyEmailsToLocale) => onChange({ notifyEmailsToLocale })}
    />
  );
}

/** Note, the viewer's options, notification e-mails and (pro) authenticated recipients. */
export function MoreOptions(props: MoreOptionsProps) {
  return (
    <>
      {SPECS.filter((spec) => spec.type !== 'check' || !spec.proOnly || props.edition === 'pro').map(
        (spec) => (
          <Option key={spec.field} spec={spec} {...props} />
        ),
      )}
    </>
  );
}
