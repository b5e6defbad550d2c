import { describe, expect, it } from 'vitest';
import type { RetrievedPush } from '@/lib/api';
import { AppError } from '@/lib/errors';
import {
  beforeRevealState,
  busyState,
  failedState,
  pushKind,
  revealedState,
} from '@/entrypoints/viewer/reveal-state';

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
      // Issue 11: said exactly, not as "needs its passphrase".
      error: 'That passphrase is wrong. Nothing was revealed and no view was counted.',
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
    const facts = { views_remaining: 3, expires_at: '2026-11-29T10:00:00.000Z' };
    expect(busyState({ step: 'reveal', busy: false, facts })).toEqual({ step: 'reveal', busy: true, facts });
  });

  it('offers no reveal step for a push the page knows is gone, and one with its facts otherwise', () => {
    const facts = { views_remaining: 3, expires_at: '2026-11-29T10:00:00.000Z' };
    expect(beforeRevealState({ kind: 'text', live: false, views_remaining: 0, expires_at: null })).toEqual({
      step: 'gone',
      reason: 'gone',
    });
    expect(beforeRevealState({ kind: null, live: false, views_remaining: 0, expires_at: null })).toEqual({
      step: 'gone',
      reason: 'gone',
    });
    expect(beforeRevealState({ kind: 'text', live: true, ...facts })).toEqual({
      step: 'reveal',
      busy: false,
      facts,
    });
    // The demo host could not be asked: the reveal is still offered, and says what happened.
    expect(beforeRevealState(undefined)).toEqual({ step: 'reveal', busy: false });
  });
});
