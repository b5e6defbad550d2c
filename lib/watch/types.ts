/**
 * The watcher's data: what the extension remembers about the user's pushes (never a payload or a
 * passphrase), the events it noticed, and its own schedule state. Plain JSON, so it crosses messaging.
 */
import type { AuditEntry } from '@/lib/api';
import type { PushKind } from '@/lib/contract';
import type { AppErrorData } from '@/lib/errors';

export interface TrackedPush {
  /** Base URL of the server (DEMO_BASE_URL in demo mode). */
  server: string;
  url_token: string;
  html_url: string;
  name: string;
  note: string;
  /** When known (recorded at create by this browser, or sent by pro). */
  kind?: PushKind;
  /**
   * What the push points at, for its label (lib/push/label.ts): a URL push's host or a file push's first
   * file name, recorded at create by this browser. Never the payload itself.
   */
  subject?: string;
  created_at: string;
  /** pro, or computed from expire_after_days on oss. */
  expires_at: string | null;
  expire_after_views: number;
  views_remaining: number;
  expired: boolean;
  deleted: boolean;
  expired_on: string | null;
  has_passphrase: boolean;
  retrieval_step: boolean;
  deletable_by_viewer: boolean | null;
  /** 'local': created here without a token, tracked by time only. */
  source: 'server' | 'local';
  updated_at: string;
  /**
   * Set on a 'local' push whose audit log the server refused to this token (403/404: it was created
   * anonymously): it is followed by time only, and its audit is not asked for again.
   */
  audit_denied?: boolean;
  /**
   * Whether recipients opened it, from its audit log as a refresh (or the dashboard) last read it: their
   * views only, never the sender's own (owner_view). Absent until a log was read: the lists' count stands in.
   */
  opened?: OpenedSummary;
}

/** Recipients' views of a push, from its audit log (refresh/audits.ts openedFrom). */
export interface OpenedSummary {
  count: number;
  /** When the last view was, and from what browser. */
  last_at?: string;
  user_agent?: string;
  /** Wrong passphrases entered (failed_passphrase entries), when there were any: how many, the last's time and browser. */
  wrong_passphrase?: FailedAttempts;
  /** Attempts to open it after it expired (failed_view entries), when there were any. */
  after_expiry?: FailedAttempts;
}

/** Failed attempts of one kind in a push's audit log: how many, and when and from what browser the last was. */
export interface FailedAttempts {
  count: number;
  last_at: string;
  user_agent?: string;
}

export type WatchEventKind = 'viewed' | 'failed_passphrase' | 'failed_view' | 'expired' | 'deleted';

/** The events of a failed attempt to open a push: they have a notification setting of their own. */
export const FAILED_ATTEMPTS: ReadonlySet<WatchEventKind> = new Set(['failed_passphrase', 'failed_view']);

export interface WatchEvent {
  /** Derived from what happened (push, kind, audit position), so noticing it twice stores it once. */
  id: string;
  server: string;
  url_token: string;
  kind: WatchEventKind;
  at: string;
  ip?: string;
  user_agent?: string;
  views_left?: number;
  /** For 'expired': whether the views ran out or the time did (when known). */
  reason?: 'views' | 'time';
  seen: boolean;
}

/**
 * The audit log of one push as last read (oldest first, every page), by a refresh or by a page. Which
 * entries were reported is the refresh's business alone: a page reading the log never moves `reported`.
 */
export interface CachedAudit {
  server: string;
  url_token: string;
  /** [] before the first read of a push the watcher saw appear (recordCreatedPush, a later refresh). */
  entries: AuditEntry[];
  /** When the log was last read, by anyone. */
  fetched_at: string;
  /** How many entries (from the oldest) a refresh turned into events; absent: all of `entries`. */
  reported?: number;
  /** When a refresh last read the log (the passphrase sweep reads the longest-unread first). */
  checked_at?: string;
}

/** The watcher's own state, kept in IndexedDB because the worker may stop between two alarms. */
export interface WatcherState {
  /** The server of the last refresh. */
  server: string | null;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  /** Consecutive failures that back off (network, timeout, 5xx, rate limits); 0 after a success. */
  failures: number;
  /** No scheduled refresh before this instant (ms): exponential back-off while offline or failing. */
  backoffUntil: number | null;
  /** No refresh at all, not even on demand, before this instant: the server's Retry-After. */
  retryAfterUntil: number | null;
  lastError: AppErrorData | null;
  /** True when the last refresh ran without a token: views and audits need an API token. */
  needsToken: boolean;
  /** Per server: when the expired list's last daily read (spread over runs) began; it reached the end since. */
  fullSyncAt: Record<string, number>;
  /** Per server: where the budgeted reads of the lists stand (refresh/schedule.ts); absent before the first run. */
  schedule?: Record<string, ListSchedule>;
  /**
   * The ids of the events committed and not yet notified (cache.ts commit adds them in the events'
   * transaction, background/notify.ts takes them out once shown): a worker stopped between the two shows
   * them at its next refresh instead of never (issue 40). Absent: none.
   */
  unnotified?: string[];
}

/** Where one server's budgeted list reads stand between two runs (refresh/schedule.ts). */
export interface ListSchedule {
  /**
   * The newest created_at (server's clock) the first run met in either list; a push first met later and
   * created at or before it is history, recorded quietly. Null when the account was empty then.
   */
  historyUntil: string | null;
  /** The first page of the active list's next rotation window. */
  activeCursor: number;
  /** The next page of the expired list's daily read, while one is under way; null otherwise. */
  expiredNext: number | null;
  /** When that daily read began (ms): its fullSyncAt once it reaches the end. */
  expiredStartedAt: number | null;
  /** The activity page the last run read outside its window: the next run takes the one after it. */
  activityLast?: number;
}

export const INITIAL_STATE: WatcherState = {
  server: null,
  lastAttemptAt: null,
  lastSuccessAt: null,
  failures: 0,
  backoffUntil: null,
  retryAfterUntil: null,
  lastError: null,
  needsToken: false,
  fullSyncAt: {},
};

/** What a refresh did; the answer to 'watch-refresh'. */
export interface RefreshSummary {
  server: string;
  /** 'done', or why nothing was asked of the server. */
  status: 'done' | 'waiting' | 'failed';
  /** Pushes whose cached record changed. */
  changed: number;
  /** New events. */
  events: number;
  requests: { list: number; audit: number };
  needsToken: boolean;
  /** When a refresh may run again (back-off or Retry-After), ms since epoch. */
  nextAttemptAt?: number;
  error?: AppErrorData;
}
