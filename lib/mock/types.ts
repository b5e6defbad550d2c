/**
 * The records the mock secret-push service keeps in IndexedDB (store.ts builds on them; its options are in
 * options.ts). Records are edition-neutral; the edition only changes how they are read (validate.ts) and
 * shown (views.ts).
 */
import type { PushKind } from '@/lib/contract';

export type Edition = 'pro' | 'oss';

export type AuditKind =
  | 'creation'
  | 'view'
  | 'failed_view'
  | 'expire'
  | 'failed_passphrase'
  | 'owner_view'
  | 'creation_email_send';

export interface FileMeta {
  /** Random, unguessable: the download path is built from it. */
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

export interface PushRecord {
  url_token: string;
  /** Creation order within an owner's pushes (newest-first lists need it when timestamps tie). */
  seq: number;
  /** Owner's email; absent (not null) for anonymous pushes so they stay out of the owner index. */
  owner?: string;
  /** The owner's workspace number (pro `account_id` is `ws_<n>`); null when anonymous. */
  account: number | null;
  kind: PushKind;
  /** null once erased. */
  payload: string | null;
  /** null without one and once erased. */
  passphrase: string | null;
  name: string;
  note: string;
  expire_after_views: number;
  /** pro enum value; null on oss. */
  expire_after_duration: number | null;
  /** oss: the days asked for; pro: the duration in days rounded up. */
  expire_after_days: number;
  /** ms: created_at + duration. */
  expires_at: number;
  /**
   * When the push's content is erased: expires_at while the push is live; for a file push whose last view
   * was used, the end of its files' grace (FILE_GRACE_MS after that view); absent once nothing is left to
   * erase. The sparse 'by-expiry' index over it lists exactly the pushes whose content still has to be
   * erased when their time is up (store.expireDue).
   */
  erase_at?: number;
  deletable_by_viewer: boolean | null;
  retrieval_step: boolean;
  authenticated_recipients: boolean;
  notify_emails_to: string | null;
  notify_emails_to_locale: string | null;
  /** Entries that count toward views_remaining (view + failed_view). */
  views_counted: number;
  created_at: number;
  updated_at: number;
  expired: boolean;
  expired_on: number | null;
  deleted: boolean;
  /** Metadata of the attached files; the bytes live in the files store. Emptied on erasure. */
  files: FileMeta[];
}

export interface AuditRecord {
  /** autoIncrement key: gives oldest-first order within a push. */
  id?: number;
  url_token: string;
  kind: AuditKind;
  ip: string;
  user_agent: string;
  referrer: string | null;
  created_at: number;
  /** creation_email_send only. */
  notify?: { recipients: string; locale: string };
}

export interface FileRecord {
  id: string;
  url_token: string;
  filename: string;
  content_type: string;
  /**
   * The bytes, stored as the upload's Blob (no copy: a 64 MiB file is held once). Databases written before
   * may hold an ArrayBuffer.
   */
  data: Blob | ArrayBuffer;
}
