/**
 * Create-request validation (docs/api-contract.md §3). Reports every failing field at once, like an
 * ActiveModel errors hash. Messages are the reference's literal ones where it gives them.
 */
import {
  EMAIL_LOCALES,
  MAX_EMAILS,
  MAX_FILES,
  PUSH_KINDS,
  QR_MAX_CHARS,
  TEXT_MAX_CHARS,
  type PushKind,
} from '@/lib/contract';
import {
  DAYS_MAX,
  DAYS_MIN,
  DEFAULT_DAYS,
  DEFAULT_DURATION,
  DEFAULT_VIEWS,
  DURATIONS,
  VIEWS_MAX,
  VIEWS_MIN,
  daysToDuration,
  durationSeconds,
  durationToDays,
} from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import { pickWorkspace, type Account } from './auth';
import { asBoolean, asInteger, asString, field, isParams, type Params } from './coerce';
import { charLength } from './encoding';
import type { Edition } from './types';

const MAX_DURATION = DURATIONS.length - 1;

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

export interface CreateSpec {
  kind: PushKind;
  payload: string | null;
  passphrase: string | null;
  name: string;
  note: string;
  expire_after_views: number;
  expire_after_duration: number | null;
  expire_after_days: number;
  /** How long the push lives. */
  seconds: number;
  deletable_by_viewer: boolean | null;
  retrieval_step: boolean;
  authenticated_recipients: boolean;
  notify_emails_to: string | null;
  notify_emails_to_locale: string | null;
  account: number | null;
  files: Blob[];
}

export type CreateCheck =
  | { kind: 'missing-push' }
  | { kind: 'sign-in' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'ok'; spec: CreateSpec };

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]{2,}$/;

export function checkCreate(body: Params, account: Account | null, edition: Edition): CreateCheck {
  const push = field(body, 'push');
  if (!isParams(push) || Object.keys(push).length === 0) return { kind: 'missing-push' };
  const errors: FieldErrors = {};
  const fail = (name: string, message: string) => (errors[name] ??= []).push(message);
  const pro = edition === 'pro';

  const hasFilesKey = Object.hasOwn(push, 'files');
  const rawKind = field(push, 'kind');
  const kindText = asString(rawKind);
  let kind: PushKind = hasFilesKey ? 'file' : 'text';
  if (kindText !== undefined && kindText !== '') {
    if ((PUSH_KINDS as readonly string[]).includes(kindText)) kind = kindText as PushKind;
    else fail('kind', MESSAGES.kind);
  }
  if (!account && (hasFilesKey || kind === 'file')) return { kind: 'sign-in' };

  const files = kind === 'file' ? listFiles(field(push, 'files')) : [];
  if (files.length > MAX_FILES) fail('files', MESSAGES.files);

  const payload = asString(field(push, 'payload')) ?? '';
  checkPayload(kind, payload, fail);

  const expiry = pro ? proExpiry(push, fail) : ossExpiry(push);
  const views = asInteger(field(push, 'expire_after_views'));
  let expire_after_views = DEFAULT_VIEWS;
  if (typeof views === 'number' && views >= VIEWS_MIN && views <= VIEWS_MAX) expire_after_views = views;
  else if (pro && views !== undefined) fail('expire_after_views', MESSAGES.views);

  const notify = checkNotify(push, account, fail);

  const authenticated_recipients = pro && asBoolean(field(push, 'authenticated_recipients')) === true;
  if (authenticated_recipients && notify.to === null && !errors.notify_emails_to) {
    fail('authenticated_recipients', MESSAGES.recipientsNeedEmails);
  }

  let workspace: number | null = account?.workspace ?? null;
  if (pro) {
    const raw = field(body, 'workspace_id') ?? field(body, 'account_id');
    const picked = pickWorkspace(raw, account);
    if (picked === 'invalid') fail('workspace_id', MESSAGES.workspace);
    else if (picked !== undefined) workspace = picked;
  }

  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  const passphrase = asString(field(push, 'passphrase')) ?? '';
  const deletable = asBoolean(field(push, 'deletable_by_viewer')) ?? true;
  return {
    kind: 'ok',
    spec: {
      kind,
      payload: payload === '' ? null : payload,
      passphrase: passphrase === '' ? null : passphrase,
      name: asString(field(push, 'name')) ?? '',
      note: asString(field(push, 'note')) ?? '',
      expire_after_views,
      ...expiry,
      deletable_by_viewer: kind === 'url' && !pro ? null : deletable,
      retrieval_step: asBoolean(field(push, 'retrieval_step')) ?? true,
      authenticated_recipients,
      notify_emails_to: notify.to,
      notify_emails_to_locale: notify.to === null ? null : notify.locale,
      account: workspace,
      files,
    },
  };
}

type Fail = (name: string, message: string) => void;

function listFiles(raw: unknown): Blob[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((item): item is Blob => item instanceof Blob);
}

function checkPayload(kind: PushKind, payload: string, fail: Fail): void {
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

type Expiry = Pick<CreateSpec, 'expire_after_duration' | 'expire_after_days' | 'seconds'>;

function proExpiry(push: Params, fail: Fail): Expiry {
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
function ossExpiry(push: Params): Expiry {
  const raw = asInteger(field(push, 'expire_after_days'));
  const days = typeof raw === 'number' && raw >= DAYS_MIN && raw <= DAYS_MAX ? raw : DEFAULT_DAYS;
  return { expire_after_duration: null, expire_after_days: days, seconds: days * 86_400 };
}

function checkNotify(push: Params, account: Account | null, fail: Fail) {
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
