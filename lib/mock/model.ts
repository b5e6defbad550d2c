/**
 * The push lifecycle as pure functions over records (reference §5): expiry by time and views, erasure,
 * view claiming and deletion. The engine stores what these return; nothing here touches IndexedDB.
 */
import { constantTimeEqual } from './encoding';
import type { AuditKind, PushRecord } from './types';

export const DAY_MS = 86_400_000;
/** How long the files of a push whose last view was used stay downloadable (contract §5 "Last view"). */
export const FILE_GRACE_MS = 10 * 60_000;

export interface Visit {
  ip: string;
  user_agent: string;
  referrer: string | null;
}

export function viewsLeft(push: PushRecord): number {
  return Math.max(push.expire_after_views - push.views_counted, 0);
}

/** The push with its payload, passphrase and files gone, expired at `at`. Idempotent. */
export function erase(push: PushRecord, now: number, at: number): PushRecord {
  const { erase_at: _due, ...rest } = push; // nothing left to erase: out of the 'by-expiry' index
  return {
    ...rest,
    expired: true,
    expired_on: push.expired_on ?? at,
    payload: null,
    passphrase: null,
    files: [],
    updated_at: now,
  };
}

/**
 * `check_limits`: a live push whose time is up (at exactly created_at + duration) or whose views are
 * spent expires now. A file push whose last view was used is expired here, on its next access.
 * Returns the changed record, or null when nothing changes.
 */
export function refresh(push: PushRecord, now: number): PushRecord | null {
  if (push.expired) return null;
  if (now >= push.expires_at) return erase(push, now, push.expires_at);
  if (viewsLeft(push) === 0) return erase(push, now, now);
  return null;
}

/** Time-only check for file downloads of a live push (views are checked by `filesAvailable`). */
export function refreshByTime(push: PushRecord, now: number): PushRecord | null {
  if (push.expired || now < push.expires_at) return null;
  return erase(push, now, push.expires_at);
}

/**
 * Whether a push's files may still be downloaded: while it lives, and for FILE_GRACE_MS after the view
 * that used its last one (so the recipient's page can fetch them), never after.
 */
export function filesAvailable(push: PushRecord, now: number): boolean {
  if (!push.expired) return now < push.expires_at;
  return push.erase_at !== undefined && now < push.erase_at;
}

/** Files kept for their grace after a last view are not erased with the push's other content yet. */
export function keepsFiles(push: PushRecord): boolean {
  return push.expired && push.erase_at !== undefined;
}

export function passphraseMatches(push: PushRecord, given: string | null): boolean {
  if (push.passphrase === null) return true;
  return given !== null && constantTimeEqual(given, push.passphrase);
}

export interface Claim {
  /** The record the response shows (payload still there on a last view). */
  shown: PushRecord;
  /** The record to store (erased right after a last view of a non-file push). */
  stored: PushRecord;
  kind: AuditKind;
}

/**
 * `claim_view!` on a live push: the owner's view is not counted; anyone else's is. The response of the
 * last view still carries the payload with expired:false; the push is expired right after it, and a file
 * push keeps its file bytes for FILE_GRACE_MS more (erase_at), read or not.
 */
export function claimView(push: PushRecord, byOwner: boolean, now: number): Claim {
  if (byOwner) return { shown: push, stored: push, kind: 'owner_view' };
  const shown = { ...push, views_counted: push.views_counted + 1 };
  if (viewsLeft(shown) > 0) return { shown, stored: shown, kind: 'view' };
  const stored = erase(shown, now, now);
  if (push.kind === 'file') stored.erase_at = now + FILE_GRACE_MS;
  return { shown, stored, kind: 'view' };
}

/** An expired push's retrieval: a counted failed_view. */
export function failedView(push: PushRecord): PushRecord {
  return { ...push, views_counted: push.views_counted + 1 };
}

/** A DELETE (or the page's delete button) on a live push. */
export function deletePush(push: PushRecord, now: number): PushRecord {
  return { ...erase(push, now, now), deleted: true };
}

export function deletableBy(push: PushRecord, caller: string | null): boolean {
  return (caller !== null && push.owner === caller) || push.deletable_by_viewer === true;
}
