/**
 * Checks a create request before it is sent, mirroring the server's limits (docs/api-contract.md §3), so a
 * person sees the problem next to the field instead of after a round trip. Errors are keyed by the wire
 * field names, the same keys a server 422 uses, so one form shows both.
 */
import {
  EMAIL_LOCALES,
  MAX_EMAILS,
  MAX_FILES,
  PUSH_KINDS,
  QR_MAX_CHARS,
  TEXT_MAX_CHARS,
} from '@/lib/contract';
import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import { plural, t } from '@/lib/i18n';
import type { CreatePushInput, Edition } from '@/lib/api';

export interface ValidationContext {
  edition: Edition;
  /** A token will be sent: files and e-mail notifications need one. */
  signedIn: boolean;
}

/**
 * Only what every server refuses: one "@" with something on each side and no spaces or commas (commas
 * separate the list). Servers differ in how strict they are beyond that (one wants a dot and a two-letter
 * top-level domain, another takes any address Ruby's URI::MailTo pattern allows), so this check must never
 * refuse an address a server would accept; the rest is left to the server's 422, shown on the field.
 */
const EMAIL = /^[^\s@,]+@[^\s@,]+$/;

/** Length in characters (code points), as the server counts, without copying a megabyte-long string. */
export function charCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The comma-separated list split into trimmed addresses; an empty list for blank input. */
export function splitEmails(list: string): string[] {
  return list.trim() === '' ? [] : list.split(',').map((part) => part.trim());
}

function isWholeIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false; // URL throws for anything that does not parse: exactly the "not a link" case.
  }
}

function payloadErrors(kind: string, payload: string | undefined): string[] {
  if (kind === 'file') return [];
  const text = payload ?? '';
  // Blank, as the server judges it (Rails' presence check): a secret of only spaces or line breaks is
  // refused there too (lib/mock/validate.ts), so it is caught here before anything is sent.
  if (text.trim() === '') {
    return [
      kind === 'url'
        ? t('push_errorEnterUrl')
        : kind === 'qr'
          ? t('push_errorEnterQrText')
          : t('push_errorEnterSecret'),
    ];
  }
  if (kind === 'text' && text.length > TEXT_MAX_CHARS && charCount(text) > TEXT_MAX_CHARS) {
    return [t('push_errorSecretTooLong', TEXT_MAX_CHARS)];
  }
  if (kind === 'qr' && text.length > QR_MAX_CHARS && charCount(text) > QR_MAX_CHARS) {
    return [t('push_errorQrTooLong', QR_MAX_CHARS)];
  }
  if (kind === 'url' && !isHttpUrl(text)) return [t('push_errorNotHttp')];
  return [];
}

function emailErrors(list: string, signedIn: boolean): string[] {
  if (!signedIn) return [t('push_errorEmailsNeedSignIn')];
  const emails = splitEmails(list);
  if (emails.includes('')) return [t('push_errorEmailCommas')];
  if (emails.length > MAX_EMAILS) return [plural('push_errorTooManyEmails', MAX_EMAILS)];
  const errors: string[] = [];
  const invalid = emails.filter((email) => !EMAIL.test(email));
  if (invalid.length) errors.push(t('push_errorNotEmail', invalid.join(', ')));
  const seen = new Set<string>();
  const repeated = emails.filter((email) => {
    const key = email.toLowerCase();
    if (!seen.has(key)) return !seen.add(key);
    return true;
  });
  if (repeated.length) errors.push(t('push_errorRepeatedEmail', [...new Set(repeated)].join(', ')));
  return errors;
}

function fileErrors(input: CreatePushInput, kind: string, signedIn: boolean): string[] {
  const count = input.files?.length ?? 0;
  if (kind !== 'file' && input.files === undefined) return [];
  // The files key alone, even empty, makes the server demand a token (contract §3).
  if (!signedIn) return [t('push_errorFilesNeedSignIn')];
  if (kind === 'file' && count === 0) return [t('push_errorAttachFile')];
  if (count > MAX_FILES) return [plural('push_errorTooManyFiles', MAX_FILES)];
  return [];
}

/** Field errors for a create request; an empty object means it may be sent. */
export function validateCreateInput(input: CreatePushInput, context: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, messages: string[]) => {
    if (messages.length) errors[field] = [...(errors[field] ?? []), ...messages];
  };
  const kind = input.kind ?? (input.files?.length ? 'file' : 'text');

  if (!(PUSH_KINDS as readonly string[]).includes(kind)) add('kind', [t('push_errorKind')]);
  else add('payload', payloadErrors(kind, input.payload));
  add('files', fileErrors(input, kind, context.signedIn));

  const views = input.expire_after_views;
  if (views !== undefined && !isWholeIn(views, VIEWS_MIN, VIEWS_MAX)) {
    add('expire_after_views', [t('push_errorViewsRange', VIEWS_MIN, VIEWS_MAX)]);
  }
  const duration = input.expire_after_duration;
  if (duration !== undefined && !isWholeIn(duration, 0, DURATIONS.length - 1)) {
    add('expire_after_duration', [t('push_errorDuration')]);
  }
  const days = input.expire_after_days;
  if (days !== undefined && !isWholeIn(days, DAYS_MIN, DAYS_MAX)) {
    add('expire_after_days', [t('push_errorDaysRange', DAYS_MIN, DAYS_MAX)]);
  }

  const emails = input.notify_emails_to ?? '';
  if (emails.trim() !== '') add('notify_emails_to', emailErrors(emails, context.signedIn));
  const locale = input.notify_emails_to_locale;
  if (locale && !(EMAIL_LOCALES as readonly string[]).includes(locale)) {
    add('notify_emails_to_locale', [t('push_errorEmailLocale', EMAIL_LOCALES.join(', '))]);
  }
  if (input.authenticated_recipients) {
    if (context.edition !== 'pro') {
      add('authenticated_recipients', [t('push_errorRecipientsNeedPro')]);
    } else if (emails.trim() === '') {
      add('authenticated_recipients', [t('push_errorRecipientsNeedEmails')]);
    }
  }
  return errors;
}
