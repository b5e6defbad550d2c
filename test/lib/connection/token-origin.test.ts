import { describe, expect, it } from 'vitest';
import { assertTokenFor, draftTokenFor } from '@/lib/connection/token-origin';
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

describe('draftTokenFor', () => {
  it('binds a newly typed token to the server it is checked with', () => {
    expect(draftTokenFor('https://b.example.com', 'typed', SAVED)).toEqual({
      token: 'typed',
      tokenOrigin: 'https://b.example.com',
    });
  });

  it('refuses the saved token offered to another origin', () => {
    const error = thrown(() => draftTokenFor('https://b.example.com', 'saved-token', SAVED));
    expect(isAppError(error, 'token-elsewhere')).toBe(true);
  });

  it('keeps the saved token on its own origin', () => {
    expect(draftTokenFor(A, 'saved-token', SAVED)).toEqual(SAVED);
  });
});
