/** From the wire's Push to the cached TrackedPush: which fields are kept, and how missing ones are filled. */
import type { Push } from '@/lib/api';
import { PUSH_KINDS } from '@/lib/contract';
import type { TrackedPush } from './types';

const DAY_MS = 86_400_000;
const KINDS: ReadonlySet<string> = new Set(PUSH_KINDS);

function kindOf(push: Push): TrackedPush['kind'] {
  return push.kind !== undefined && KINDS.has(push.kind) ? (push.kind as TrackedPush['kind']) : undefined;
}

/** pro sends expires_at (null once expired); oss only expire_after_days, so the instant is computed. */
function expiresAtOf(push: Push, previous?: TrackedPush): string | null {
  if (push.expires_at) return push.expires_at;
  if (push.expires_at === null && previous) return previous.expires_at;
  const created = Date.parse(push.created_at);
  if (Number.isNaN(created)) return previous?.expires_at ?? null;
  return new Date(created + push.expire_after_days * DAY_MS).toISOString();
}

/**
 * The cached record of a Push. Never keeps the payload or the passphrase: only whether there is one (pro
 * sends "********", oss the clear value or ""; both send null once expired, so the earlier answer stays).
 */
export function toTracked(
  push: Push,
  server: string,
  source: TrackedPush['source'],
  previous?: TrackedPush,
): TrackedPush {
  const record: TrackedPush = {
    server,
    url_token: push.url_token,
    html_url: push.html_url,
    name: push.name ?? previous?.name ?? '',
    note: push.note ?? previous?.note ?? '',
    created_at: push.created_at,
    expires_at: expiresAtOf(push, previous),
    expire_after_views: push.expire_after_views,
    views_remaining: push.views_remaining,
    expired: push.expired,
    deleted: push.deleted,
    expired_on: push.expired_on,
    has_passphrase: push.passphrase === null ? (previous?.has_passphrase ?? false) : push.passphrase !== '',
    retrieval_step: push.retrieval_step,
    deletable_by_viewer: push.deletable_by_viewer,
    source,
    updated_at: push.updated_at,
  };
  const kind = kindOf(push);
  if (kind !== undefined) record.kind = kind;
  return withLocalFacts(record, previous);
}

/**
 * `record` with what the server's answer may not carry taken from `stored`, the cached record of the push:
 * its kind (when the server does not say it), its subject (only this browser knows it) and whether it was
 * opened (read from the audit log, which the lists do not carry; kept until a refresh reads the log again).
 * toTracked fills a fresh record this way from the cache it read; a refresh's commit again from the cache as
 * it commits, so a push recorded meanwhile (a quick push made while the refresh waited for its list) keeps
 * them. In this order, so a record written again reads the same (sameTracked compares them as JSON).
 */
export function withLocalFacts(record: TrackedPush, stored: TrackedPush | undefined): TrackedPush {
  if (!stored) return record;
  const kept = { ...record };
  if (kept.kind === undefined && stored.kind !== undefined) kept.kind = stored.kind;
  if (kept.subject === undefined && stored.subject !== undefined) kept.subject = stored.subject;
  if (kept.opened === undefined && stored.opened !== undefined) kept.opened = stored.opened;
  return kept;
}

/** True when a cached record differs from a fresh one in anything a page shows. */
export function sameTracked(a: TrackedPush, b: TrackedPush): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
