import { describe, expect, it } from 'vitest';
import { describeError } from '@/lib/api';
import { AppError, type ErrorCode } from '@/lib/errors';

const CODES: ErrorCode[] = [
  'network',
  'timeout',
  'aborted',
  'unauthorized',
  'token-rejected',
  'sign-in-required',
  'passphrase-required',
  'passphrase-rate-limited',
  'not-deletable',
  'forbidden',
  'recipient-verification',
  'account-restricted',
  'not-found',
  'gone',
  'bad-request',
  'invalid-page',
  'validation',
  'too-large',
  'rate-limited',
  'not-secret-push',
  'needs-api-v2',
  'host-mismatch',
  'token-elsewhere',
  'permission-denied',
  'file-unavailable',
  'foreign-link',
  'bad-response',
  'http',
  'internal',
];

describe('describeError', () => {
  it('has distinct words for every code', () => {
    const words = CODES.map((code) => describeError(new AppError(code, 'x')));
    expect(new Set(words).size).toBe(CODES.length);
    for (const w of words) expect(w.length).toBeGreaterThan(5);
  });

  it.each([
    ['token-rejected', 'Your API token was rejected — open Settings and check it.'],
    ['needs-api-v2', 'This server needs API v2 (Password Pusher 2.4 or later).'],
    ['not-secret-push', 'This is not a secret-push server (check the URL).'],
    ['permission-denied', 'Access to this server was not allowed.'],
    ['file-unavailable', 'The file could not be downloaded: it may have expired.'],
  ] as const)('says what to do for %s', (code, words) => {
    expect(describeError(new AppError(code, 'technical detail'))).toBe(words);
  });

  it.each(CODES)('on the Settings page never sends the person to Settings for %s', (code) => {
    expect(describeError(new AppError(code, 'x'), 'settings')).not.toMatch(/Settings/);
  });

  it.each([
    ['token-rejected', 'Your API token was rejected. Check it and try again.'],
    ['unauthorized', 'This needs an API token. Enter one in the API token field.'],
  ] as const)('on the Settings page says what to do there for %s', (code, words) => {
    expect(describeError(new AppError(code, 'x'), 'settings')).toBe(words);
  });

  it('works on plain error data, as errors arrive across messaging', () => {
    expect(describeError({ code: 'rate-limited', message: 'x', retryAfter: 12 })).toBe(
      'The server is receiving too many requests. Try again in 12 seconds.',
    );
  });

  it('lists the server field messages of a validation error', () => {
    const error = new AppError('validation', 'x', { fields: { payload: ['Payload is required.'] } });
    expect(describeError(error)).toBe('Check the form. payload: Payload is required.');
  });

  it('names the status of an HTTP failure', () => {
    expect(describeError(new AppError('http', 'x', { status: 502 }))).toContain('HTTP 502');
  });

  it('never repeats the message of an unknown error, which could hold anything', () => {
    expect(describeError(new Error('passphrase hunter2'))).not.toContain('hunter2');
    expect(describeError(new AppError('internal', 'payload s3cret'))).not.toContain('s3cret');
  });

  it('words a refused account without blaming the push', () => {
    expect(describeError(new AppError('account-restricted', 'x', { status: 403 }))).toBe(
      'The server refused this account — for example, two-factor authentication must be set up first.',
    );
  });
});
