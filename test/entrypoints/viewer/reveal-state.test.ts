// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { RetrievedPush } from '@/lib/api';
import { AppError } from '@/lib/errors';
import { busyState, failedState, pushKind, revealedState } from '@/entrypoints/viewer/reveal-state';

const push = (overrides: Partial<RetrievedPush> = {}) =>
  ({ payload: 'p', files: [], expired: false, ...overrides }) as RetrievedPush;
const file = { filename: 'a.txt', content_type: 'text/plain', url: 'x' } as RetrievedPush['files'][number];

describe('reveal state', () => {
  it.each([
    [push({ kind: 'url' }), 'qr', 'url'],
    [push(), 'qr', 'qr'],
    [push({ files: [file] }), undefined, 'file'],
    [push(), undefined, undefined],
  ] as const)('takes the kind from the response, then the page, then the files', (p, known, kind) => {
    expect(pushKind(p, known)).toBe(kind);
  });

  it('ends on the gone page when an expired push has nothing left', () => {
    expect(revealedState(push({ expired: true, payload: null }))).toEqual({ step: 'gone', reason: 'gone' });
  });

  it('asks for the passphrase without complaint on a first try, and says why after a wrong one', () => {
    const error = new AppError('passphrase-required', 'x');
    expect(failedState(error, {})).toEqual({ step: 'passphrase', busy: false, email: undefined });
    expect(failedState(error, { passphrase: 'wrong' })).toMatchObject({
      step: 'passphrase',
      error: 'This push needs its passphrase. Check it and try again.',
    });
  });

  it('says in words why a reveal failed', () => {
    expect(failedState(new AppError('network', 'x'), {})).toEqual({
      step: 'error',
      message: 'The server could not be reached. Check the address and your connection.',
    });
  });

  it('keeps the form that sent a reveal, busy', () => {
    expect(busyState({ step: 'recipient', busy: false, error: 'e' })).toEqual({
      step: 'recipient',
      busy: true,
      error: 'e',
    });
    expect(busyState({ step: 'error', message: 'm' })).toEqual({ step: 'reveal', busy: true });
  });
});
