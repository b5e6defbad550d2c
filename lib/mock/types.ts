/**
 * Types of the mock secret-push service: its options (the public API, see plan/interfaces.md) and the
 * records it keeps in IndexedDB. Records are edition-neutral; the edition only changes how they are read
 * (validate.ts) and shown (views.ts).
 */
import type { MockStore } from './store';

export type Edition = 'pro' | 'oss';

export interface MockUser {
  email: string;
  token: string;
}

export interface MockBackendOptions {
  store: MockStore;
  /** e.g. 'http://127.0.0.1:8787' (no trailing slash). */
  baseUrl: string;
  /** Default 'pro'. */
  edition?: Edition;
  users?: MockUser[];
  /** ms since epoch, default Date.now. */
  clock?: () => number;
  /** Default crypto.getRandomValues. */
  random?: (bytes: number) => Uint8Array;
  /** Requests per minute per client address; 0 = off; default 120. */
  rateLimit?: number;
  /** 413 above it; default 64 MiB. */
  maxBodyBytes?: number;
  /** Where html_url / preview url / files[].url point; default baseUrl + path. */
  pageUrl?: (path: string) => string;
  /**
   * Where unexpected engine failures are reported (they answer 500); default console.error. The line names
   * the method, the route and the error's class only: never a body, a query string, a token or a message
   * that could quote stored values.
   */
  logError?: (line: string) => void;
}

export type MockHandler = (request: Request, info?: { ip?: string }) => Promise<Response>;

export type PushKind = 'text' | 'url' | 'qr' | 'file';

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
   * expires_at while the push is live; absent once it expired. The sparse 'by-expiry' index over it lists
   * exactly the pushes whose content still has to be erased when their time is up (store.expireDue).
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
  data: ArrayBuffer;
}
