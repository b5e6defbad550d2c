import { describe, expect, it } from 'vitest';
import { AppError, isAppError, toAppError, unanswered } from '@/lib/errors';

describe('AppError', () => {
  it('survives a round trip through plain data with its code, status, fields and retry delay', () => {
    const original = new AppError('validation', 'Check the form', {
      status: 422,
      fields: { payload: ['Payload is required.'] },
      retryAfter: 3,
    });
    const copy = AppError.fromJSON(JSON.parse(JSON.stringify(original.toJSON())));
    expect(copy).toBeInstanceOf(AppError);
    expect(copy.toJSON()).toEqual(original.toJSON());
  });

  it('recognises plain error data by code', () => {
    expect(isAppError({ code: 'network', message: 'down' }, 'network')).toBe(true);
    expect(isAppError({ code: 'network', message: 'down' }, 'timeout')).toBe(false);
    expect(isAppError(new Error('x'))).toBe(false);
  });

  it('wraps foreign errors as internal and keeps AppErrors as they are', () => {
    const own = new AppError('timeout', 'slow');
    expect(toAppError(own)).toBe(own);
    const wrapped = toAppError(new TypeError('boom'));
    expect(wrapped.code).toBe('internal');
    expect(wrapped.message).toBe('boom');
  });
});

describe('unanswered', () => {
  it('is true of failures with no answer from the server (it may have acted), false of its answers', () => {
    for (const code of ['network', 'timeout', 'aborted', 'internal'] as const)
      expect(unanswered(new AppError(code, 'x')), code).toBe(true);
    for (const code of ['validation', 'unauthorized', 'gone', 'rate-limited', 'bad-response'] as const)
      expect(unanswered(new AppError(code, 'x')), code).toBe(false);
    expect(unanswered(new AppError('network', 'x').toJSON())).toBe(true);
    expect(unanswered(new RangeError('a bug'))).toBe(true);
  });
});
