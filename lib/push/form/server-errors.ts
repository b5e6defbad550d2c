/**
 * A server's 422 on the create form: its Rails-style field errors put on the form's own fields, with the
 * field's name in front of a fragment, as Rails' full messages have it.
 */
import type { FieldErrors } from '@/lib/errors';
import { t, type MessageKey } from '@/lib/i18n';
import type { Edition } from '@/lib/api';

/** Form-level problems that belong to no single field. */
export const BASE_KEY = 'base';

/** Form fields that show their own errors; a server error on any other key is shown for the whole form. */
export const FORM_FIELDS = [
  'kind',
  'payload',
  'files',
  'expire_after_duration',
  'expire_after_days',
  'expire_after_views',
  'passphrase',
  'name',
  'note',
  'notify_emails_to',
  'notify_emails_to_locale',
  'authenticated_recipients',
] as const;

/** The name each field has on the form, in the UI language. */
const LABELS: Record<string, MessageKey> = {
  kind: 'push_fieldKind',
  payload: 'push_fieldSecret',
  files: 'push_fieldFiles',
  expire_after_duration: 'push_fieldExpiry',
  expire_after_days: 'push_fieldExpiry',
  expire_after_views: 'push_fieldViews',
  passphrase: 'push_fieldPassphrase',
  name: 'push_fieldName',
  note: 'push_fieldNote',
  notify_emails_to: 'push_fieldNotifyEmails',
  notify_emails_to_locale: 'push_fieldEmailLanguage',
  authenticated_recipients: 'push_fieldAuthRecipients',
  workspace_id: 'push_fieldWorkspace',
  account_id: 'push_fieldWorkspace',
};

/** A field's name; one the form does not know keeps the server's own attribute name, made readable. */
function labelOf(key: string): string {
  const label = LABELS[key];
  if (label) return t(label);
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Maps a server 422 (`AppError.fields`, Rails style `{"<attr>": ["msg"]}`) onto the form's keys. Rails sends
 * some messages as fragments ("is not included in the list"); those get their field's name in front, as
 * Rails' own full messages do. Keys the form has no field for go under `base`. With `edition`, either
 * expiry key lands on the one expiry field that edition's form shows.
 */
export function fieldErrorsFrom422(fields: FieldErrors, edition?: Edition): FieldErrors {
  const out: FieldErrors = {};
  for (const [rawKey, messages] of Object.entries(fields)) {
    const key = rawKey.replace(/^push[.[]/, '').replace(/]$/, '');
    let target: string = (FORM_FIELDS as readonly string[]).includes(key) ? key : BASE_KEY;
    if (edition && (key === 'expire_after_duration' || key === 'expire_after_days')) {
      target = edition === 'pro' ? 'expire_after_duration' : 'expire_after_days';
    }
    const full = messages.map((message) =>
      /^[a-z]/.test(message) && key !== BASE_KEY ? `${labelOf(key)} ${message}` : message,
    );
    out[target] = [...new Set([...(out[target] ?? []), ...full])];
  }
  return out;
}
