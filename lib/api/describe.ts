import { plural, t, uiLocale, type MessageKey } from '../i18n';
import { listFormat } from '../format/intl';
import { isAppError, type AppErrorData, type ErrorCode } from '../errors';

/**
 * The one place that turns an error into words a person can act on. Components render its result; they
 * never build messages from codes themselves. The words never quote a payload or a passphrase: only the
 * code, a status, a wait and the server's field messages are used. Every sentence is a message of
 * public/_locales (error_…), in the UI language; a wait is a plural message, so it agrees with its count.
 */

type Describe = MessageKey | ((error: AppErrorData) => string);

function rateLimited(error: AppErrorData): string {
  return error.retryAfter !== undefined
    ? plural('error_rateLimitedWait', error.retryAfter)
    : t('error_rateLimited');
}

/** The server's (or the client's) field messages, each after its field's name, in the UI language's lists. */
function fieldList(fields: Record<string, string[]>): string {
  const locale = uiLocale();
  const list = (items: string[]) => listFormat(locale, { type: 'unit', style: 'short' }).format(items);
  const text = list(
    Object.entries(fields).map(([field, messages]) =>
      t('error_fieldMessages', field.replaceAll('_', ' '), messages.join(', ')),
    ),
  );
  // Server messages often end with their own full stop.
  return /[.!?。]$/.test(text) ? text : `${text}${locale === 'ja' ? '。' : '.'}`;
}

function validation(error: AppErrorData): string {
  if (error.fields?.url_token) return t('error_invalidPushLink');
  const fields = error.fields ?? {};
  return Object.keys(fields).length === 0
    ? t('error_validation')
    : t('error_validationFields', fieldList(fields));
}

function http({ status }: AppErrorData): string {
  // A status code is a technical token: written as the server sent it, in every language.
  if (status === undefined) return t('error_httpRefused');
  return t(status >= 500 ? 'error_httpServer' : 'error_httpRefusedStatus', String(status));
}

const DESCRIPTIONS: Record<ErrorCode, Describe> = {
  network: 'error_network',
  timeout: 'error_timeout',
  aborted: 'error_aborted',
  unauthorized: 'error_unauthorized',
  'token-rejected': 'error_tokenRejected',
  'sign-in-required': 'error_signInRequired',
  'passphrase-required': 'error_passphraseRequired',
  'passphrase-rate-limited': 'error_passphraseRateLimited',
  'not-deletable': 'error_notDeletable',
  forbidden: 'error_forbidden',
  'recipient-verification': 'error_recipientVerification',
  'account-restricted': 'error_accountRestricted',
  'not-found': 'error_notFound',
  gone: 'error_gone',
  'bad-request': 'error_badRequest',
  'invalid-page': 'error_invalidPage',
  validation,
  'too-large': 'error_tooLarge',
  'rate-limited': rateLimited,
  'not-secret-push': 'error_notSecretPush',
  'needs-api-v2': 'error_needsApiV2',
  'host-mismatch': 'error_hostMismatch',
  'token-elsewhere': 'error_tokenElsewhere',
  'unsafe-link': 'error_unsafeLink',
  'permission-denied': 'error_permissionDenied',
  'storage-unavailable': 'error_storageUnavailable',
  'file-unavailable': 'error_fileUnavailable',
  'foreign-link': 'error_foreignLink',
  'bad-link': 'error_badLink',
  'bad-response': 'error_badResponse',
  http,
  internal: 'error_internal',
};

/**
 * Where the words are read. Elsewhere, a token problem is fixed by opening Settings, and the words say so;
 * on the Settings page itself that advice would send the person where they already are, so the page's
 * words name the field instead.
 */
export type ErrorPlace = 'elsewhere' | 'settings';

const ON_SETTINGS: Partial<Record<ErrorCode, MessageKey>> = {
  unauthorized: 'error_unauthorizedHere',
  'token-rejected': 'error_tokenRejectedHere',
  'token-elsewhere': 'error_tokenElsewhereHere',
  'sign-in-required': 'error_signInRequiredHere',
};

/** Words for any thrown value; an unknown one gets a generic sentence rather than its own message. */
export function describeError(error: unknown, place: ErrorPlace = 'elsewhere'): string {
  if (!isAppError(error)) return t('error_internal');
  const code = error.code as ErrorCode;
  const describe =
    (place === 'settings' ? ON_SETTINGS[code] : undefined) ?? DESCRIPTIONS[code] ?? 'error_internal';
  return typeof describe === 'string' ? t(describe) : describe(error);
}
