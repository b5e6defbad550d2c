/**
 * The one error type of the extension. Errors cross extension contexts as plain data, so callers check
 * `code`, never `instanceof` alone.
 */
export type ErrorCode =
  | 'network' // the server could not be reached
  | 'timeout' // the request took longer than allowed
  | 'aborted' // cancelled: by the user, or by the browser as it closed the page that sent it
  | 'unauthorized' // token missing or rejected (empty-body 401)
  | 'token-rejected' // a stored token was rejected on an anonymous-capable call
  | 'sign-in-required' // file push without a token (401 with the Devise message)
  | 'passphrase-required' // 401 wrong or missing passphrase
  | 'passphrase-rate-limited' // 429 too many passphrase attempts
  | 'not-deletable' // 401 the push is not deletable by viewers
  | 'forbidden' // 403 not the owner
  | 'recipient-verification' // 403 authenticated recipients: browser only
  | 'account-restricted' // 403 on a call with a token: the account may not use the API yet (e.g. 2FA required)
  | 'not-found' // 404 not-found / route not found
  | 'gone' // the push has expired
  | 'bad-request' // 400
  | 'invalid-page' // 400 Invalid page parameter
  | 'validation' // 422 with field errors
  | 'too-large' // 413
  | 'rate-limited' // 429 Retry later, or 403 Rate Limit Exceeded on older servers
  | 'not-secret-push' // HTML, redirect or first-run page instead of the API
  | 'needs-api-v2' // server has no /api/v2
  | 'host-mismatch' // html_url origin differs from the configured server
  | 'token-elsewhere' // the saved token belongs to another origin than the one asked for
  | 'unsafe-link' // html_url is not a link the extension opens or copies (lib/api/link.ts)
  | 'permission-denied' // the user refused a host permission
  | 'storage-unavailable' // the browser refuses the extension's IndexedDB here (Firefox: private windows)
  | 'file-unavailable' // a file download was refused (expired, deleted or never there)
  | 'foreign-link' // a link the demo viewer cannot follow: it is not the demo service's
  | 'bad-link' // a viewer link that is malformed or names a path the viewer does not serve
  | 'bad-response' // the request succeeded; the schema rejected the data
  | 'http' // any other HTTP failure
  | 'internal'; // a bug or an unexpected state

/**
 * Failures that came with no answer from the server, which may have acted on the request all the same: it
 * could not be reached, it did not answer in time, the request was cancelled (the browser cancels a reloading
 * page's requests), or something unexpected stopped it.
 */
const UNANSWERED: ReadonlySet<string> = new Set<ErrorCode>(['network', 'timeout', 'aborted', 'internal']);

/** Whether an error (an AppError or its data, anything else counting as unexpected) came with no answer. */
export function unanswered(error: unknown): boolean {
  return isAppError(error) ? UNANSWERED.has(error.code) : true;
}

export type FieldErrors = Record<string, string[]>;

export interface AppErrorData {
  code: ErrorCode;
  message: string;
  status?: number;
  fields?: FieldErrors;
  retryAfter?: number;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status?: number;
  readonly fields?: FieldErrors;
  /** Seconds to wait before retrying, from Retry-After. */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { status?: number; fields?: FieldErrors; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.code = code;
    this.status = extra.status;
    this.fields = extra.fields;
    this.retryAfter = extra.retryAfter;
  }

  toJSON(): AppErrorData {
    const data: AppErrorData = { code: this.code, message: this.message };
    if (this.status !== undefined) data.status = this.status;
    if (this.fields !== undefined) data.fields = this.fields;
    if (this.retryAfter !== undefined) data.retryAfter = this.retryAfter;
    return data;
  }

  static fromJSON(data: AppErrorData): AppError {
    return new AppError(data.code, data.message, data);
  }
}

/** True for an AppError or its plain-data form, optionally with a given code. */
export function isAppError(value: unknown, code?: ErrorCode): value is AppErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const c = (value as { code?: unknown }).code;
  return (
    typeof c === 'string' &&
    typeof (value as { message?: unknown }).message === 'string' &&
    (code === undefined || c === code)
  );
}

/** Wraps anything thrown into an AppError without losing an AppError's code. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isAppError(error)) return AppError.fromJSON(error);
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('internal', message || 'Something went wrong.', { cause: error });
}
