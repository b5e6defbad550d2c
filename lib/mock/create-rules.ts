/**
 * The rules of a create request's fields (docs/api-contract.md §3) and their messages, the reference's
 * literal ones where it gives them. validate.ts applies them to a whole request.
 */
import {
  EMAIL_LOCALES,
  MAX_EMAILS,
  MAX_FILES,
  QR_MAX_CHARS,
  TEXT_MAX_CHARS,
  type PushKind,
} from '@/lib/contract';
import {
  DAYS_MAX,
  DAYS_MIN,
  DEFAULT_DAYS,
  DEFAULT_DURATION,
  DURATIONS,
  VIEWS_MAX,
  VIEWS_MIN,
  daysToDuration,
  durationSeconds,
  durationToDays,
} from '@/lib/durations';
import type { Account } from './auth';
import { asInteger, asString, field, type Params } from './coerce';
import { charLength } from './encoding';
import type { PushRecord } from './types';

const MAX_DURATION = DURATIONS.length - 1;
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]{2,}$/;

export const MESSAGES = {
  payloadRequired: 'Payload is required.',
  payloadUrl: 'must be a valid HTTP or HTTPS URL.',
  payloadText: `The payload is too large.  You can only push up to ${TEXT_MAX_CHARS} bytes.`,
  payloadQr: `The QR code payload is too large.  You can only push up to ${QR_MAX_CHARS} bytes.`,
  kind: 'is not included in the list',
  duration: `must be a whole number from 0 to ${MAX_DURATION}.`,
  views: `must be a whole number from ${VIEWS_MIN} to ${VIEWS_MAX}.`,
  files: `You can only attach up to ${MAX_FILES} files per push.`,
  anonymousNotify: 'are not allowed for unknown users',
  commas: 'has commas used in the wrong way',
  duplicates: 'contains duplicate emails',
  tooMany: `contains more than ${MAX_EMAILS} email(s)`,
  invalidEmails: 'contains invalid email(s)',
  locale: 'is not included in the list',
  recipientsNeedEmails: 'requires notify_emails_to: verified recipients are the notified addresses.',
  workspace: 'is invalid',
} as const;

export type Fail = (name: string, message: string) => void;

/**
 * Caps on the free-text fields, in characters: limits of the mock (the real server states none), so that
 * no one stores a 60 MiB note. Over a cap is a 422 naming the field, in Rails' words.
 */
export const FREE_TEXT_MAX = { name: 1024, note: 10_000, passphrase: 1024 } as const;

/** The free-text fields, empty when absent, each checked against its cap. */
export function checkFreeText(push: Params, fail: Fail): Record<keyof typeof FREE_TEXT_MAX, string> {
  const read = (key: keyof typeof FREE_TEXT_MAX) => {
    const value = asString(field(push, key)) ?? '';
    const max = FREE_TEXT_MAX[key];
    if (charLength(value) > max) fail(key, `is too long (maximum is ${max} characters)`);
    return value;
  };
  return { name: read('name'), note: read('note'), passphrase: read('passphrase') };
}

export function listFiles(raw: unknown): Blob[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((item): item is Blob => item instanceof Blob);
}

export function checkPayload(kind: PushKind, payload: string, fail: Fail): void {
  if (kind === 'file') return;
  if (payload.trim() === '') return fail('payload', MESSAGES.payloadRequired);
  if (kind === 'text' && charLength(payload) > TEXT_MAX_CHARS) fail('payload', MESSAGES.payloadText);
  if (kind === 'qr' && charLength(payload) > QR_MAX_CHARS) fail('payload', MESSAGES.payloadQr);
  if (kind === 'url' && !isHttpUrl(payload)) fail('payload', MESSAGES.payloadUrl);
}

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text.trim())) return false;
  const url = new URL(text.trim());
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

type Expiry = Pick<PushRecord, 'expire_after_duration' | 'expire_after_days'> & { seconds: number };

export function proExpiry(push: Params, fail: Fail): Expiry {
  const raw = asInteger(field(push, 'expire_after_duration'));
  let duration = DEFAULT_DURATION;
  if (raw === undefined) {
    // Legacy days input: mapped to the smallest duration at least that long; unusable values are ignored.
    const days = asInteger(field(push, 'expire_after_days'));
    if (typeof days === 'number' && days >= DAYS_MIN && days <= DAYS_MAX) duration = daysToDuration(days);
  } else if (raw === 'invalid' || raw < 0 || raw > MAX_DURATION) {
    fail('expire_after_duration', MESSAGES.duration);
  } else {
    duration = raw;
  }
  return {
    expire_after_duration: duration,
    expire_after_days: durationToDays(duration),
    seconds: durationSeconds(duration) ?? 0,
  };
}

/** oss: out of range or not a number silently becomes the default (not clamped). */
export function ossExpiry(push: Params): Expiry {
  const raw = asInteger(field(push, 'expire_after_days'));
  const days = typeof raw === 'number' && raw >= DAYS_MIN && raw <= DAYS_MAX ? raw : DEFAULT_DAYS;
  return { expire_after_duration: null, expire_after_days: days, seconds: days * 86_400 };
}

export function checkNotify(push: Params, account: Account | null, fail: Fail) {
  const to = (asString(field(push, 'notify_emails_to')) ?? '').trim();
  const localeText = (asString(field(push, 'notify_emails_to_locale')) ?? '').trim();
  const locale = localeText === '' ? 'en' : localeText;
  if (localeText !== '' && !(EMAIL_LOCALES as readonly string[]).includes(localeText)) {
    fail('notify_emails_to_locale', MESSAGES.locale);
  }
  if (to === '') return { to: null, locale };
  if (!account) {
    fail('notify_emails_to', MESSAGES.anonymousNotify);
    return { to: null, locale };
  }
  const parts = to.split(',').map((part) => part.trim());
  const addresses = parts.filter((part) => part !== '');
  if (addresses.length !== parts.length) fail('notify_emails_to', MESSAGES.commas);
  const lower = addresses.map((a) => a.toLowerCase());
  if (new Set(lower).size !== lower.length) fail('notify_emails_to', MESSAGES.duplicates);
  if (addresses.length > MAX_EMAILS) fail('notify_emails_to', MESSAGES.tooMany);
  if (addresses.some((a) => !EMAIL.test(a))) fail('notify_emails_to', MESSAGES.invalidEmails);
  return { to, locale };
}
