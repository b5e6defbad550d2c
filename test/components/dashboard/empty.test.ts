import { describe, expect, it } from 'vitest';
import { emptyCase, type EmptyFacts } from '@/components/dashboard/empty';
import { INITIAL_STATE, type WatcherState } from '@/lib/watch/types';

const read: WatcherState = { ...INITIAL_STATE, lastAttemptAt: 1000, lastSuccessAt: 1000 };
const failed = (code: 'network' | 'unauthorized' | 'http'): WatcherState => ({
  ...read,
  lastAttemptAt: 2000,
  lastError: { code, message: code },
});
const facts = (over: Partial<EmptyFacts>): EmptyFacts => ({
  pushes: [],
  shown: 0,
  refreshing: false,
  hasToken: true,
  watcher: read,
  ...over,
});

describe('emptyCase', () => {
  it.each([
    ['the cache is still loading', { pushes: null }, { kind: 'loading', reading: false }],
    ['a refresh runs on an empty cache', { refreshing: true }, { kind: 'loading', reading: true }],
    ['no refresh ever ran for the account', { watcher: INITIAL_STATE }, { kind: 'loading', reading: true }],
    ['the filters hide every push', { pushes: [{}] }, { kind: 'filtered' }],
    ['the account holds no push', {}, { kind: 'account' }],
    ['there is no token', { hasToken: false }, { kind: 'no-token' }],
    ['the token was rejected', { watcher: failed('unauthorized') }, { kind: 'rejected' }],
    [
      'the server was not reached',
      { watcher: failed('network') },
      { kind: 'unreachable', error: { code: 'network', message: 'network' } },
    ],
  ] satisfies Array<[string, Partial<EmptyFacts>, unknown]>)(
    'says which case it is when %s',
    (_, over, expected) => {
      expect(emptyCase(facts(over))).toEqual(expected);
    },
  );

  it('shows rows when the filters leave some, whatever the watcher says', () => {
    expect(emptyCase(facts({ pushes: [{}], shown: 1, watcher: failed('network') }))).toBeNull();
  });

  it('tells an empty account once a later refresh succeeded after a failure', () => {
    expect(emptyCase(facts({ watcher: { ...failed('http'), lastSuccessAt: 3000 } }))).toEqual({
      kind: 'account',
    });
  });
});
