import { AppError, type FieldErrors } from '../errors';
import {
  DAYS_MAX,
  DAYS_MIN,
  DURATIONS,
  VIEWS_MAX,
  VIEWS_MIN,
  daysToDuration,
  durationToDays,
} from '../durations';
import type { CreatePushInput, Edition } from './types';
import { t } from '../i18n';

type Scalar = string | number | boolean;

/** The create request before encoding: the `push` object and the top-level workspace id. */
export interface CreateFields {
  push: Record<string, Scalar>;
  workspace_id?: string;
}

const PASSTHROUGH = [
  'kind',
  'payload',
  'expire_after_views',
  'passphrase',
  'name',
  'note',
  'deletable_by_viewer',
  'retrieval_step',
  'notify_emails_to',
  'notify_emails_to_locale',
] as const satisfies ReadonlyArray<keyof CreatePushInput>;

const isWhole = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * What to send for a create on this edition, or a validation AppError before any request. Checked here:
 * what an edition would silently replace by its default (oss turns out-of-range days and views into 7 and
 * 5, reference §3), and what an edition cannot do at all. The server checks everything else.
 */
export function createFields(input: CreatePushInput, edition: Edition): CreateFields {
  const fields: FieldErrors = {};
  const push: Record<string, Scalar> = {};
  for (const key of PASSTHROUGH) {
    const value = input[key];
    if (value !== undefined) push[key] = value;
  }

  const { expire_after_days: days, expire_after_duration: duration, expire_after_views: views } = input;
  if (days !== undefined && !isWhole(days, DAYS_MIN, DAYS_MAX)) {
    fields.expire_after_days = [t('api_fieldWholeNumber', DAYS_MIN, DAYS_MAX)];
  }
  if (views !== undefined && !isWhole(views, VIEWS_MIN, VIEWS_MAX)) {
    fields.expire_after_views = [t('api_fieldWholeNumber', VIEWS_MIN, VIEWS_MAX)];
  }

  if (edition === 'pro') {
    // pro's enum is the precise form; days are its legacy input, mapped the way the server maps them.
    if (duration !== undefined) push.expire_after_duration = duration;
    else if (days !== undefined && fields.expire_after_days === undefined) {
      push.expire_after_duration = daysToDuration(days);
    }
    if (input.authenticated_recipients !== undefined)
      push.authenticated_recipients = input.authenticated_recipients;
  } else {
    if (days !== undefined) push.expire_after_days = days;
    else if (duration !== undefined) {
      if (isWhole(duration, 0, DURATIONS.length - 1)) {
        push.expire_after_days = Math.min(DAYS_MAX, Math.max(DAYS_MIN, durationToDays(duration)));
      } else {
        fields.expire_after_duration = [t('api_fieldWholeNumber', 0, DURATIONS.length - 1)];
      }
    }
    // oss drops unknown keys silently, so a recipient-verified push would quietly become an open one.
    if (input.authenticated_recipients === true) {
      fields.authenticated_recipients = [t('api_fieldProOnly')];
    }
  }

  if (Object.keys(fields).length > 0) {
    throw new AppError('validation', 'Some fields are not valid for this server.', { fields });
  }
  const result: CreateFields = { push };
  // oss ignores workspace_id; not sending it keeps pro-only fields off oss servers.
  if (edition === 'pro' && input.workspace_id !== undefined) result.workspace_id = input.workspace_id;
  return result;
}

/**
 * The request body: JSON without files, multipart with them (`push[field]` parts and one repeated
 * `push[files][]` part per file). An empty files array counts as no files: the server demands a token
 * when the key is merely present (reference §3).
 */
export function encodeCreate(fields: CreateFields, files: CreatePushInput['files']): string | FormData {
  if (!files || files.length === 0) return JSON.stringify(fields);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields.push)) form.append(`push[${key}]`, String(value));
  for (const file of files) {
    const type = file.type || file.data.type || 'application/octet-stream';
    form.append('push[files][]', new File([file.data], file.name, { type }));
  }
  if (fields.workspace_id !== undefined) form.append('workspace_id', fields.workspace_id);
  return form;
}
