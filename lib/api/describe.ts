import { isAppError, type AppErrorData, type ErrorCode } from '../errors';

/**
 * The one place that turns an error into words a person can act on. Components render its result; they
 * never build messages from codes themselves. The words never quote a payload or a passphrase: only the
 * code, a status, a wait and the server's field messages are used.
 */

type Describe = string | ((error: AppErrorData) => string);

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);

function wait(error: AppErrorData): string {
  return error.retryAfter !== undefined
    ? ` Try again in ${seconds(error.retryAfter)}.`
    : ' Try again in a minute.';
}

function fieldList(error: AppErrorData): string {
  const entries = Object.entries(error.fields ?? {});
  if (entries.length === 0) return '';
  const text = entries
    .map(([field, messages]) => `${field.replaceAll('_', ' ')}: ${messages.join(', ')}`)
    .join('; ');
  // Server messages often end with their own full stop.
  return ` ${text}${/[.!?]$/.test(text) ? '' : '.'}`;
}

const DESCRIPTIONS: Record<ErrorCode, Describe> = {
  network: 'The server could not be reached. Check the address and your connection.',
  timeout: 'The server took too long to answer. Try again.',
  aborted: 'Cancelled.',
  unauthorized: 'This needs an API token — open Settings and add one.',
  'token-rejected': 'Your API token was rejected — open Settings and check it.',
  'sign-in-required': 'Sending files needs an API token — open Settings and add one.',
  'passphrase-required': 'This push needs its passphrase. Check it and try again.',
  'passphrase-rate-limited': 'Too many passphrase attempts for this push. Wait a minute and try again.',
  'not-deletable': 'This push cannot be deleted by its viewers.',
  forbidden: 'This push belongs to another account.',
  'recipient-verification': 'This push requires recipient verification: open its link in a browser.',
  'account-restricted':
    'The server refused this account — for example, two-factor authentication must be set up first.',
  'not-found': 'This push does not exist (it may have expired and been removed).',
  gone: 'This push has expired.',
  'bad-request':
    'The server could not read the request. Try again; if it keeps failing, the server may be unsupported.',
  'invalid-page': 'The server refused the page number.',
  validation: (error) =>
    error.fields?.url_token ? 'This is not a valid push link.' : `Check the form.${fieldList(error)}`,
  'too-large': 'This push is too large for the server.',
  'rate-limited': (error) => `The server is receiving too many requests.${wait(error)}`,
  'not-secret-push': 'This is not a secret-push server (check the URL).',
  'needs-api-v2': 'This server needs API v2 (Password Pusher 2.4 or later).',
  'host-mismatch':
    'The server returned a link on another address than the one configured; check the server settings.',
  'token-elsewhere':
    'The saved API token belongs to another server, so it was not sent. Enter the token of this server in Settings.',
  'unsafe-link': 'The server returned a link the extension does not open or copy; check the server settings.',
  'permission-denied': 'Access to this server was not allowed.',
  'storage-unavailable':
    'The browser keeps no data for Secret Push in this window (Firefox refuses it in private windows). Open Secret Push in a normal window to see your pushes.',
  'file-unavailable': 'The file could not be downloaded: it may have expired.',
  'foreign-link': 'This file link does not belong to the demo service.',
  'bad-link': 'This link is damaged or is not a secret link: ask the sender to copy it again, whole.',
  'bad-response': 'The server sent an answer this extension does not understand.',
  http: (error) =>
    error.status !== undefined && error.status >= 500
      ? `The server had a problem (HTTP ${error.status}). Try again later.`
      : `The server refused the request${error.status !== undefined ? ` (HTTP ${error.status})` : ''}.`,
  internal: 'Something went wrong in the extension.',
};

/** Words for any thrown value; an unknown one gets a generic sentence rather than its own message. */
export function describeError(error: unknown): string {
  if (!isAppError(error)) return DESCRIPTIONS.internal as string;
  const describe = DESCRIPTIONS[error.code as ErrorCode] ?? DESCRIPTIONS.internal;
  return typeof describe === 'string' ? describe : describe(error);
}
