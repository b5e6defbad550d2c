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
import type { CreatePushInput, Edition } from './types';

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
      kind === 'url' ? 'Enter the URL.' : kind === 'qr' ? 'Enter the QR code text.' : 'Enter the secret.',
    ];
  }
  if (kind === 'text' && text.length > TEXT_MAX_CHARS && charCount(text) > TEXT_MAX_CHARS) {
    return ['The secret is too long: at most 1,048,576 characters.'];
  }
  if (kind === 'qr' && text.length > QR_MAX_CHARS && charCount(text) > QR_MAX_CHARS) {
    return ['The QR code text is too long: at most 1,024 characters.'];
  }
  if (kind === 'url' && !isHttpUrl(text)) return ['Enter a link that starts with http:// or https://.'];
  return [];
}

function emailErrors(list: string, signedIn: boolean): string[] {
  if (!signedIn) return ['Sign in to send e-mail notifications.'];
  const emails = splitEmails(list);
  if (emails.includes('')) return ['Separate the addresses with single commas.'];
  if (emails.length > MAX_EMAILS) return [`Enter at most ${MAX_EMAILS} addresses.`];
  const errors: string[] = [];
  const invalid = emails.filter((email) => !EMAIL.test(email));
  if (invalid.length) errors.push(`Not an e-mail address: ${invalid.join(', ')}.`);
  const seen = new Set<string>();
  const repeated = emails.filter((email) => {
    const key = email.toLowerCase();
    if (!seen.has(key)) return !seen.add(key);
    return true;
  });
  if (repeated.length) errors.push(`Listed more than once: ${[...new Set(repeated)].join(', ')}.`);
  return errors;
}

function fileErrors(input: CreatePushInput, kind: string, signedIn: boolean): string[] {
  const count = input.files?.length ?? 0;
  if (kind !== 'file' && input.files === undefined) return [];
  // The files key alone, even empty, makes the server demand a token (contract §3).
  if (!signedIn) return ['Sign in to send files.'];
  if (kind === 'file' && count === 0) return ['Attach at least one file.'];
  if (count > MAX_FILES) return [`You can attach up to ${MAX_FILES} files.`];
  return [];
}

/** Field errors for a create request; an empty object means it may be sent. */
export function validateCreateInput(input: CreatePushInput, context: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, messages: string[]) => {
    if (messages.length) errors[field] = [...(errors[field] ?? []), ...messages];
  };
  const kind = input.kind ?? (input.files?.length ? 'file' : 'text');

  if (!(PUSH_KINDS as readonly string[]).includes(kind)) add('kind', ['Choose text, URL, QR code or files.']);
  else add('payload', payloadErrors(kind, input.payload));
  add('files', fileErrors(input, kind, context.signedIn));

  const views = input.expire_after_views;
  if (views !== undefined && !isWholeIn(views, VIEWS_MIN, VIEWS_MAX)) {
    add('expire_after_views', [`Views must be a whole number from ${VIEWS_MIN} to ${VIEWS_MAX}.`]);
  }
  const duration = input.expire_after_duration;
  if (duration !== undefined && !isWholeIn(duration, 0, DURATIONS.length - 1)) {
    add('expire_after_duration', ['Choose one of the listed expiry times.']);
  }
  const days = input.expire_after_days;
  if (days !== undefined && !isWholeIn(days, DAYS_MIN, DAYS_MAX)) {
    add('expire_after_days', [`Days must be a whole number from ${DAYS_MIN} to ${DAYS_MAX}.`]);
  }

  const emails = input.notify_emails_to ?? '';
  if (emails.trim() !== '') add('notify_emails_to', emailErrors(emails, context.signedIn));
  const locale = input.notify_emails_to_locale;
  if (locale && !(EMAIL_LOCALES as readonly string[]).includes(locale)) {
    add('notify_emails_to_locale', [`Choose one of: ${EMAIL_LOCALES.join(', ')}.`]);
  }
  if (input.authenticated_recipients) {
    if (context.edition !== 'pro') {
      add('authenticated_recipients', ['Authenticated recipients need a Pro server.']);
    } else if (emails.trim() === '') {
      add('authenticated_recipients', ['Add the recipients’ e-mail addresses to verify them.']);
    }
  }
  return errors;
}
