/** How a failure on the options page reads: in the status line and next to the field it is about. */
import { describeError } from '@/lib/api/describe';
import type { AppError, ErrorCode } from '@/lib/errors';

export type FieldErrors = Record<string, string>;

/**
 * Words for a failure. Validation errors come from the settings rules, whose messages are already written
 * for people and name the field; every other code goes through describeError, the one place for words, in its Settings-page form
 * (which never says "open Settings").
 */
export function explain(error: AppError): string {
  return error.code === 'validation' ? error.message : describeError(error, 'settings');
}

/** Failures a person fixes in the Server URL field, and those fixed in the API token field. */
const SERVER_URL_CODES = new Set<ErrorCode>([
  'network',
  'timeout',
  'not-secret-push',
  'needs-api-v2',
  'permission-denied',
  'bad-response',
  'http',
]);
const TOKEN_CODES = new Set<ErrorCode>(['token-rejected', 'unauthorized', 'account-restricted']);

/**
 * The words shown next to a field: a validation error's own messages, or the failure's description under
 * the field it is about (the status alert says it too, for the form as a whole).
 */
export function fieldMessages(error: AppError): FieldErrors {
  if (error.code === 'validation')
    return Object.fromEntries(
      Object.entries(error.fields ?? {}).map(([field, messages]) => [field, messages[0]!]),
    );
  if (SERVER_URL_CODES.has(error.code)) return { serverUrl: describeError(error, 'settings') };
  if (TOKEN_CODES.has(error.code)) return { token: describeError(error, 'settings') };
  return {};
}
