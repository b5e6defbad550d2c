import type { PushKind } from '../contract';
import type { AppErrorData } from '../errors';
import type { LinkCheck, LinkHome } from './link';
import type { AuditEntry, Push, RetrievedPush, VersionInfo } from './schemas';

export type Edition = 'pro' | 'oss';

export interface ApiClientOptions {
  baseUrl: string;
  token?: string | null;
  /** The origin the token is bound to (default: baseUrl's); no request elsewhere carries it. */
  tokenOrigin?: string | null;
  fetch?: typeof fetch;
  /** Per request, including reading the body. Default 30000. */
  timeoutMs?: number;
  /** Origin html_url is expected on; default new URL(baseUrl).origin (demo mode passes the viewer's). */
  pageOrigin?: string;
  /**
   * Where a created push's link may point (link.ts): default the server's own origin. The demo service's
   * client passes linkHomeOf(DEMO_BASE_URL), this extension's viewer page, which only an extension context
   * can name (so the client itself never reads the browser: it also runs in Node).
   */
  linkHome?: LinkHome;
  /** How reads wait out a Retry-After; injected by tests. Default: setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The server's version as another client of the same server read it (the popup's upload client takes
   * its main client's; quick push, what a client read earlier in the browser session), so the server is
   * not asked twice. Resolving undefined, or not given: this client asks GET /api/v2/version.
   */
  version?: (baseUrl: string) => Promise<VersionInfo | undefined>;
  /** Called with the answer when this client asked the server its version itself (quick push keeps it). */
  versionRead?: (baseUrl: string, info: VersionInfo) => void;
}

/** Wire names (snake_case); the client adapts expiry to the edition. */
export interface CreatePushInput {
  kind?: PushKind;
  payload?: string;
  files?: Array<{ name: string; type: string; data: Blob }>;
  /** pro enum; on oss the client sends durationToDays(v) clamped 1..90. */
  expire_after_duration?: number;
  /** oss days; on pro the client sends daysToDuration(d) unless a duration is given. */
  expire_after_days?: number;
  expire_after_views?: number;
  passphrase?: string;
  name?: string;
  note?: string;
  deletable_by_viewer?: boolean;
  retrieval_step?: boolean;
  notify_emails_to?: string;
  notify_emails_to_locale?: string;
  /** pro only; the client refuses `true` on oss with a validation AppError. */
  authenticated_recipients?: boolean;
  /** pro only (top level on the wire); dropped on oss, which ignores it anyway. */
  workspace_id?: string;
}

export interface CreateResult {
  push: Push;
  /**
   * The one decision on the push's html_url (link.ts), made as the answer arrives: only a link that passed
   * is opened, copied, shown or drawn.
   */
  link: LinkCheck;
  /** code 'host-mismatch' when html_url is not on the origin the client was told its pages are on. */
  warning?: AppErrorData;
}

export interface Page<T> {
  items: T[];
  page: number;
  /** The page to read next; absent on the last page. */
  nextPage?: number;
  /** X-Total, when the server sends it (pro). */
  total?: number;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** GET /api/v2/version, asked once per client; 404 or a JSON answer of another shape → 'needs-api-v2' or 'not-secret-push'. */
  version(): Promise<VersionInfo>;
  /** From version(), cached per client ('commercial' → 'pro'). */
  edition(): Promise<Edition>;
  /** Never retried, not even on 429 or a network error: a second create would make a second secret link. */
  createPush(input: CreatePushInput, opts?: { signal?: AbortSignal }): Promise<CreateResult>;
  /** Counts a view, so it is never retried either. An expired push comes back as data (see isGone). */
  retrievePush(
    urlToken: string,
    opts?: { passphrase?: string; signal?: AbortSignal },
  ): Promise<RetrievedPush>;
  previewPush(urlToken: string): Promise<{ url: string }>;
  auditPage(urlToken: string, page?: number): Promise<Page<AuditEntry>>;
  auditAll(urlToken: string): Promise<AuditEntry[]>;
  deletePush(urlToken: string): Promise<Push>;
  activePage(page?: number): Promise<Page<Push>>;
  expiredPage(page?: number): Promise<Page<Push>>;
  activeAll(): Promise<Push[]>;
  expiredAll(): Promise<Push[]>;
}
