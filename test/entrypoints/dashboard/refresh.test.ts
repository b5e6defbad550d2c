import { describe, expect, it } from 'vitest';
import { lastRefreshed, refreshProblem, watcherProblem } from '@/entrypoints/dashboard/refresh';
import type { RefreshSummary, WatcherState } from '@/lib/watch/types';

const summary = (overrides: Partial<RefreshSummary>): RefreshSummary => ({
  server: 'https://push.example',
  status: 'done',
  changed: 0,
  events: 0,
  requests: { list: 1, audit: 0 },
  needsToken: false,
  ...overrides,
});

describe('refresh words', () => {
  it('says nothing about a refresh that ran', () => {
    expect(refreshProblem(summary({}))).toBeUndefined();
  });

  it('words a failed refresh by its error', () => {
    expect(refreshProblem(summary({ status: 'failed', error: { code: 'timeout', message: 'x' } }))).toBe(
      'The server took too long to answer. Try again.',
    );
  });

  it('says until when the server asked to wait', () => {
    const problem = refreshProblem(summary({ status: 'waiting', nextAttemptAt: Date.now() + 60_000 }));
    expect(problem).toMatch(/^The server asked to wait: next refresh after .+\.$/);
  });

  it('reports the watcher’s error only when it came after its last success', () => {
    const error = { code: 'network', message: 'x' } as const;
    const failedLast: WatcherState = { lastSuccessAt: 1, lastAttemptAt: 2, lastError: error } as WatcherState;
    const succeededLast = { ...failedLast, lastSuccessAt: 2 };
    expect(watcherProblem(failedLast)).toMatch(/could not be reached/);
    expect(watcherProblem(succeededLast)).toBeUndefined();
    expect(lastRefreshed(succeededLast)).toBe(new Date(2).toISOString());
    expect(lastRefreshed(null)).toBeNull();
  });
});
