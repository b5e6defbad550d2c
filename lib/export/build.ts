/**
 * The dashboard's exports: the list of pushes and their audit logs, as CSV and as JSON. Fields are picked
 * one by one from what the cache holds, so nothing else (and never a payload or a passphrase) can slip in.
 *
 * Languages: the warning on top is for a person and speaks the UI language (warning.ts). The column names
 * and the status and tracked_by values are data: scripts and spreadsheet filters read them, and a file
 * passed around a team must mean the same whoever's browser exported it, so they stay stable English
 * (like audit `kind`, which is the server's own word), whatever the UI language.
 */
import type { AuditEntry } from '@/lib/api';
import type { TrackedPush } from '@/lib/watch/types';
import { toCsv } from './csv';
import { csvWarningLine, liveLinksWarning } from './warning';
import { pushState, type PushState } from '@/lib/watch/view';

/** The audit log of one push, as fetched for the export. */
export interface PushAudit {
  push: TrackedPush;
  entries: AuditEntry[];
}

const PUSH_COLUMNS = [
  'name',
  'note',
  'kind',
  'status',
  'views_remaining',
  'expire_after_views',
  'created_at',
  'expires_at',
  'expired_on',
  'has_passphrase',
  'retrieval_step',
  'tracked_by',
  'html_url',
  'url_token',
  'server',
] as const;

/** A state as the export writes it: stable data, not the dashboard's translated words (see above). */
const EXPORT_STATUS: Record<PushState, string> = {
  active: 'Active',
  'expired-views': 'Expired: no views left', // i18n-ignore
  'expired-time': 'Expired: time ran out', // i18n-ignore
  deleted: 'Expired: deleted', // i18n-ignore
  expired: 'Expired',
};

function pushRecord(push: TrackedPush, now: number) {
  return {
    name: push.name,
    note: push.note,
    kind: push.kind ?? null,
    status: EXPORT_STATUS[pushState(push, now)],
    // Without a token the count is only what was set at creation: say so rather than print a guess.
    views_remaining: push.source === 'local' ? null : push.views_remaining,
    expire_after_views: push.expire_after_views,
    created_at: push.created_at,
    expires_at: push.expires_at,
    expired_on: push.expired_on,
    has_passphrase: push.has_passphrase,
    retrieval_step: push.retrieval_step,
    tracked_by: push.source === 'local' ? 'time only' : 'server', // i18n-ignore: data (see above)
    html_url: push.html_url,
    url_token: push.url_token,
    server: push.server,
  } satisfies Record<(typeof PUSH_COLUMNS)[number], unknown>;
}

const AUDIT_COLUMNS = ['push_name', 'url_token', 'time', 'kind', 'ip', 'user_agent', 'referrer'] as const;

function auditRecords({ push, entries }: PushAudit) {
  return entries.map(
    (entry) =>
      ({
        push_name: push.name,
        url_token: push.url_token,
        time: entry.created_at,
        kind: entry.kind,
        ip: entry.ip,
        user_agent: entry.user_agent,
        referrer: entry.referrer,
      }) satisfies Record<(typeof AUDIT_COLUMNS)[number], unknown>,
  );
}

/** The pushes as CSV: the live-links warning line, then the header and one record per push. */
export function pushesCsv(pushes: readonly TrackedPush[], now: number): string {
  return (
    csvWarningLine() +
    toCsv(
      PUSH_COLUMNS,
      pushes.map((push) => {
        const record = pushRecord(push, now);
        return PUSH_COLUMNS.map((column) => record[column]);
      }),
    )
  );
}

/** The pushes as JSON, with the live-links `warning` first. */
export function pushesJson(pushes: readonly TrackedPush[], now: number): string {
  const document = {
    warning: liveLinksWarning(),
    exported_at: new Date(now).toISOString(),
    pushes: pushes.map((push) => pushRecord(push, now)),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The audit logs as CSV (url_token and server make the link): the warning line, then the records. */
export function auditCsv(audits: readonly PushAudit[]): string {
  return (
    csvWarningLine() +
    toCsv(
      AUDIT_COLUMNS,
      audits.flatMap((audit) =>
        auditRecords(audit).map((record) => AUDIT_COLUMNS.map((column) => record[column])),
      ),
    )
  );
}

/** The audit logs as JSON, with the live-links `warning` first. */
export function auditJson(audits: readonly PushAudit[], now: number): string {
  const document = {
    warning: liveLinksWarning(),
    exported_at: new Date(now).toISOString(),
    audit: audits.map(({ push, entries }) => ({
      name: push.name,
      url_token: push.url_token,
      html_url: push.html_url,
      entries: entries.map(({ created_at, kind, ip, user_agent, referrer }) => ({
        time: created_at,
        kind,
        ip,
        user_agent,
        referrer,
      })),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** A file name with the date, e.g. "secret-push-pushes-2026-11-21.csv". */
export function exportFileName(what: 'pushes' | 'audit', format: 'csv' | 'json', now: number): string {
  return `secret-push-${what}-${new Date(now).toISOString().slice(0, 10)}.${format}`;
}
