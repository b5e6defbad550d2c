import { z } from '@/lib/zod';
import { AppError, type FieldErrors } from '../errors';
import type { Endpoint, RawResponse } from './transport';

/**
 * Turns a raw response into validated data or an AppError: one code per row of the contract's error
 * tables (docs/api-contract.md, reference §7). Decisions rest on status, endpoint and body shape; the only
 * text matched is what the reference lists as untranslated ("Invalid page parameter") and the English-only
 * "Rate Limit Exceeded" of pre-2024 servers. Localized messages are never compared.
 */

export interface Body {
  empty: boolean;
  html: boolean;
  /** The parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

export function readBody(raw: RawResponse): Body {
  const text = raw.text;
  if (text.trim() === '') return { empty: true, html: false, json: undefined };
  const contentType = raw.headers.get('content-type') ?? '';
  if (/html/i.test(contentType) || /^\s*</.test(text)) return { empty: false, html: true, json: undefined };
  try {
    return { empty: false, html: false, json: JSON.parse(text) as unknown };
  } catch {
    // Not JSON (a text/plain "Retry later", a proxy's message): callers read `json: undefined` as that.
    return { empty: false, html: false, json: undefined };
  }
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function isRedirect(raw: RawResponse): boolean {
  return raw.type === 'opaqueredirect' || (raw.status >= 300 && raw.status < 400);
}

function errorText(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const error = (json as { error?: unknown }).error;
  return typeof error === 'string' ? error : undefined;
}

/** The 422 body `{"field": ["message", ...]}`, keeping only string messages. */
export function fieldErrors(json: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fields;
  for (const [key, value] of Object.entries(json)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (m): m is string => typeof m === 'string',
    );
    if (messages.length > 0) fields[key] = messages;
  }
  return fields;
}

/** The 403 body of contract §3 for an authenticated_recipients push retrieved through the API. */
// The server's own English words, matched in its answer: not shown to a person. i18n-ignore
export const RECIPIENT_VERIFICATION_TEXT = 'This push requires recipient verification in a browser.';

const notSecretPush = (status: number) =>
  new AppError('not-secret-push', 'The server did not answer like a secret-push API.', { status });

/** The AppError for a response that is not a success (or a success that is not the API). */
export function errorFor(raw: RawResponse, endpoint: Endpoint, hasToken: boolean): AppError {
  const { status } = raw;
  if (isRedirect(raw)) return notSecretPush(status);
  const body = readBody(raw);
  const retryAfter = parseRetryAfter(raw.headers.get('retry-after'));
  const rejected = () =>
    hasToken
      ? new AppError('token-rejected', 'The server rejected the API token.', { status })
      : new AppError('unauthorized', 'The server needs an API token for this.', { status });

  if (status >= 200 && status < 300) return notSecretPush(status);
  switch (status) {
    case 400:
      // Literal, not translated (reference §7).
      return errorText(body.json) === 'Invalid page parameter'
        ? new AppError('invalid-page', 'The server refused the page number.', { status })
        : new AppError('bad-request', 'The server could not read the request.', { status });
    case 401:
      // An empty 401 is the token check (reference §1); a JSON 401 is the endpoint's own refusal.
      if (body.json === undefined) return rejected();
      if (endpoint === 'retrieve')
        return new AppError('passphrase-required', 'The passphrase is missing or wrong.', { status });
      if (endpoint === 'create')
        return new AppError('sign-in-required', 'File pushes need an API token.', { status });
      if (endpoint === 'delete')
        return new AppError('not-deletable', 'This push cannot be deleted by viewers.', { status });
      return rejected();
    case 403:
      // Servers before v1.41.13 throttled with 403 "Rate Limit Exceeded" (plain English, reference §8).
      if (retryAfter !== undefined || /rate limit exceeded/i.test(raw.text)) {
        return new AppError('rate-limited', 'The server is rate limiting requests.', { status, retryAfter });
      }
      // The owner check of audit (and delete): contract §5.
      if (endpoint === 'audit' || endpoint === 'delete')
        return new AppError('forbidden', 'This push belongs to someone else.', { status });
      // A recipient-verification push (contract §3). Anonymous, it is the only 403 a retrieval can get;
      // with a token, require_mfa answers 403 too (reference §1, §7) and only the text tells them apart:
      // the contract's text, compared whole, is the verification one.
      if (endpoint === 'retrieve' && (!hasToken || errorText(body.json) === RECIPIENT_VERIFICATION_TEXT)) {
        return new AppError('recipient-verification', 'This push must be opened in a browser.', { status });
      }
      // Any other 403 on a call that sent a token: the account itself is refused, for example because
      // two-factor authentication is required and not set up (require_mfa, on every authenticated call).
      if (hasToken) return new AppError('account-restricted', 'The server refused this account.', { status });
      return new AppError('http', `The server answered HTTP ${status}.`, { status });
    case 404:
      return body.html
        ? notSecretPush(status)
        : new AppError('not-found', 'The push does not exist.', { status });
    case 413:
      return new AppError('too-large', 'The push is too large for the server.', { status });
    case 422:
      return new AppError('validation', 'The server rejected some fields.', {
        status,
        fields: fieldErrors(body.json),
      });
    case 429:
      // The passphrase limiter answers JSON; the address limiter answers text/plain "Retry later".
      if (endpoint === 'retrieve' && errorText(body.json) !== undefined) {
        return new AppError('passphrase-rate-limited', 'Too many passphrase attempts.', {
          status,
          retryAfter,
        });
      }
      return new AppError('rate-limited', 'The server is rate limiting requests.', { status, retryAfter });
    default:
      return new AppError('http', `The server answered HTTP ${status}.`, { status });
  }
}

/** Validated data of a successful response, or the AppError it stands for. */
export function decode<S extends z.core.$ZodType>(
  raw: RawResponse,
  schema: S,
  endpoint: Endpoint,
  hasToken: boolean,
): z.infer<S> {
  if (raw.status < 200 || raw.status >= 300 || raw.type === 'opaqueredirect') {
    throw errorFor(raw, endpoint, hasToken);
  }
  const body = readBody(raw);
  if (body.json === undefined) throw notSecretPush(raw.status);
  const parsed = z.safeParse(schema, body.json);
  if (!parsed.success) {
    // Name the paths only: issue messages may quote received values, and a value could be a secret.
    const paths = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)');
    throw new AppError(
      'bad-response',
      `Unexpected response shape at ${[...new Set(paths)].slice(0, 5).join(', ')}.`,
      {
        status: raw.status,
      },
    );
  }
  return parsed.data;
}
