import { describe, expect, it } from 'vitest';
import { assertTokenFor } from '@/lib/connection/client';
import { isAppError } from '@/lib/errors';

const A = 'https://a.example.com';
const SAVED = { token: 'saved-token', tokenOrigin: A };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('assertTokenFor', () => {
  it.each([
    ['its own origin', `${A}/secrets`, SAVED],
    ['any origin without a token', 'https://b.example.com', { token: null, tokenOrigin: null }],
  ])('lets a token go to %s', (_name, baseUrl, saved) => {
    expect(() => assertTokenFor(baseUrl, saved)).not.toThrow();
  });

  it.each([
    ['another host', 'https://b.example.com'],
    ['another port', 'https://a.example.com:8443'],
    ['another scheme', 'http://a.example.com'],
  ])('refuses to send it to %s', (_name, baseUrl) => {
    expect(
      isAppError(
        thrown(() => assertTokenFor(baseUrl, SAVED)),
        'token-elsewhere',
      ),
    ).toBe(true);
  });

  it('refuses a token whose origin is unknown', () => {
    const error = thrown(() => assertTokenFor(A, { token: 't', tokenOrigin: null }));
    expect(isAppError(error, 'token-elsewhere')).toBe(true);
  });
});

describe('assertTokenFor with the tokens saved on this browser', () => {
  const B = 'https://b.example.com';
  const boundTokens = [{ value: 'saved-token', origin: A }];

  it('lets a newly typed token go to the server it is checked with, bound to it', () => {
    expect(() => assertTokenFor(B, { token: 'typed', tokenOrigin: B, boundTokens })).not.toThrow();
  });

  it('refuses the saved token offered to another origin, even bound to that origin', () => {
    const error = thrown(() => assertTokenFor(B, { token: 'saved-token', tokenOrigin: B, boundTokens }));
    expect(isAppError(error, 'token-elsewhere')).toBe(true);
    expect((error as Error).message).not.toContain('saved-token');
  });

  it('keeps the saved token on its own origin', () => {
    expect(() => assertTokenFor(A, { ...SAVED, boundTokens })).not.toThrow();
    expect(() => assertTokenFor(`${A}/secrets`, { ...SAVED, boundTokens })).not.toThrow();
  });
});
