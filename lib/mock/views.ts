/**
 * What a push looks like on the wire, per edition and per action, with the exact key sets of
 * docs/api-contract.md §4. Values that depend on time are computed against `now`.
 */
import { durationToDays } from '@/lib/durations';
import { workspaceId } from './auth';
import { iso } from './encoding';
import { DAY_MS, viewsLeft } from './model';
import type { AuditRecord, Edition, FileMeta, PushRecord } from './types';

export interface ViewEnv {
  edition: Edition;
  now: number;
  baseUrl: string;
  pageUrl: (path: string) => string;
}

/** create / list: the creator's view; delete: the Push in its deleted state (owner or a viewer). */
export type PushVariant = 'create' | 'list' | 'delete';

export function htmlPath(push: PushRecord): string {
  return `/p/${push.url_token}${push.retrieval_step ? '/r' : ''}`;
}

/**
 * The download's path: its id, then the file's name for people reading the address (the route reads only
 * the id). A name of dots only would be a `.` or `..` segment, which URL parsing resolves away (encoded
 * or not), so such a name is left out; the download still carries it in Content-Disposition.
 */
export function downloadPath(file: FileMeta): string {
  const name = /^\.*$/.test(file.filename) ? 'file' : encodeURIComponent(file.filename);
  return `/downloads/${file.id}/${name}`;
}

function common(push: PushRecord, env: ViewEnv) {
  const { now } = env;
  const url = {
    html_url: env.pageUrl(htmlPath(push)),
    json_url: `${env.baseUrl}/api/v2/pushes/${push.url_token}.json`,
  };
  if (env.edition === 'oss') {
    return {
      expire_after_views: push.expire_after_views,
      expired: push.expired,
      url_token: push.url_token,
      deletable_by_viewer: push.kind === 'url' ? null : push.deletable_by_viewer,
      retrieval_step: push.retrieval_step,
      expired_on: push.expired_on === null ? null : iso(push.expired_on),
      passphrase: push.expired ? null : (push.passphrase ?? ''),
      created_at: iso(push.created_at),
      updated_at: iso(push.updated_at),
      expire_after_days: push.expire_after_days,
      days_remaining: Math.max(push.expire_after_days - Math.floor((now - push.created_at) / DAY_MS), 0),
      views_remaining: viewsLeft(push),
      deleted: push.deleted,
      ...url,
    };
  }
  const left = push.expired ? 0 : Math.max(push.expires_at - now, 0);
  return {
    created_at: iso(push.created_at),
    days_remaining: Math.floor(left / DAY_MS),
    deletable_by_viewer: push.deletable_by_viewer,
    deleted: push.deleted,
    expire_after_days:
      push.expire_after_duration === null
        ? push.expire_after_days
        : durationToDays(push.expire_after_duration),
    expire_after_duration: push.expire_after_duration,
    expire_after_views: push.expire_after_views,
    expired: push.expired,
    expired_on: push.expired_on === null ? null : iso(push.expired_on),
    expires_at: push.expired ? null : iso(push.expires_at),
    expires_in: Math.floor(left / 1000),
    ...url,
    passphrase: push.passphrase === null ? null : '********',
    retrieval_step: push.retrieval_step,
    updated_at: iso(push.updated_at),
    url_token: push.url_token,
    // A deleted push has no views left (seed §2.1 rule 2); otherwise the counter as the real server keeps it.
    views_remaining: push.deleted ? 0 : viewsLeft(push),
  };
}

/** The Push of create, list and delete. `byOwner` false hides the creator's fields (pro delete by a viewer). */
export function pushView(push: PushRecord, env: ViewEnv, variant: PushVariant, byOwner = true) {
  const base = common(push, env);
  if (env.edition === 'oss') {
    if (variant === 'delete') return base;
    const creator = { ...base, note: push.note, name: push.name };
    if (variant === 'create' && push.notify_emails_to !== null) {
      return {
        ...creator,
        notify_emails_to: push.notify_emails_to,
        notify_emails_to_locale: push.notify_emails_to_locale,
      };
    }
    return creator;
  }
  const mine = byOwner || variant !== 'delete';
  return {
    account_id: mine && push.account !== null ? workspaceId(push.account) : null,
    ...base,
    name: mine ? push.name : null,
    note: mine ? push.note : null,
    notify_emails_to: mine ? push.notify_emails_to : null,
  };
}

/** The retrieved push: without the creator's fields, with payload and files. */
export function retrievedView(push: PushRecord, env: ViewEnv) {
  const live = !push.expired;
  return {
    ...common(push, env),
    payload: live ? push.payload : null,
    files: live
      ? push.files.map((file) => ({
          filename: file.filename,
          content_type: file.content_type,
          url: env.pageUrl(downloadPath(file)),
        }))
      : [],
  };
}

export function auditView(entry: AuditRecord) {
  const view = {
    ip: entry.ip,
    user_agent: entry.user_agent,
    referrer: entry.referrer,
    kind: entry.kind,
    created_at: iso(entry.created_at),
    updated_at: iso(entry.created_at),
  };
  if (!entry.notify) return view;
  return {
    ...view,
    // The mock sends no mail: the entry records the request, as the real server's queued state does.
    notify_by_email: {
      recipients: entry.notify.recipients,
      locale: entry.notify.locale,
      status: 'pending',
      successful_sends: 0,
      proceed_at: iso(entry.created_at),
    },
  };
}
