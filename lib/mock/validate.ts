/**
 * Create-request validation (docs/api-contract.md §3). Reports every failing field at once, like an
 * ActiveModel errors hash; the rules of each field are in create-rules.ts.
 */
import { MAX_FILES, PUSH_KINDS, type PushKind } from '@/lib/contract';
import { DEFAULT_VIEWS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import { pickWorkspace, type Account } from './auth';
import { asBoolean, asInteger, asString, field, isParams, type Params } from './coerce';
import {
  checkFreeText,
  checkNotify,
  checkPayload,
  listFiles,
  MESSAGES,
  ossExpiry,
  proExpiry,
} from './create-rules';
import type { Edition, PushRecord } from './types';

/** A create request as it will be stored: the record's own fields, how long it lives, and the file bytes. */
export type CreateSpec = Pick<
  PushRecord,
  | 'kind'
  | 'payload'
  | 'passphrase'
  | 'name'
  | 'note'
  | 'expire_after_views'
  | 'expire_after_duration'
  | 'expire_after_days'
  | 'deletable_by_viewer'
  | 'retrieval_step'
  | 'authenticated_recipients'
  | 'notify_emails_to'
  | 'notify_emails_to_locale'
  | 'account'
> & {
  /** How long the push lives. */
  seconds: number;
  files: Blob[];
};

export type CreateCheck =
  | { kind: 'missing-push' }
  | { kind: 'sign-in' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'ok'; spec: CreateSpec };

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
  const text = checkFreeText(push, fail);

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
  const deletable = asBoolean(field(push, 'deletable_by_viewer')) ?? true;
  return {
    kind: 'ok',
    spec: {
      kind,
      payload: payload === '' ? null : payload,
      passphrase: text.passphrase === '' ? null : text.passphrase,
      name: text.name,
      note: text.note,
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
