/**
 * A page follows Expire everything's run from what the background stores (storage.session), and says its
 * result once, through the page's live region, when it ends while the page is open.
 */
import { renderHook, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { runView, useExpireRun } from '@/components/expire-all/useExpireRun';
import type { ExpireRun } from '@/lib/expire-all';
import { useLiveRegion } from '../../sp-live';

const live = useLiveRegion();
beforeEach(() => fakeBrowser.reset());

const running: ExpireRun = {
  status: 'running',
  started_at: 0,
  finished_at: null,
  scopes: [{ servers: null, window: 'all' }],
  servers: ['https://a.example'],
  total: 3,
  handled: 1,
  expired: 1,
  failed: [],
  waiting_until: null,
};
const done: ExpireRun = {
  ...running,
  status: 'done',
  handled: 3,
  expired: 2,
  failed: [
    {
      server: 'https://a.example',
      url_token: 'gone1234',
      title: 'Door code',
      error: { code: 'not-found', message: 'Not found.', status: 404 },
    },
  ],
};

describe('useExpireRun', () => {
  it('shows the stored run at open, follows it, and says the result once when it ends', async () => {
    await fakeBrowser.storage.session.set({ expireAllRun: running });
    const { result } = renderHook(() => useExpireRun().run);
    await waitFor(() => expect(result.current).toMatchObject({ status: 'running', handled: 1 }));
    expect(live().textContent).toBe('');
    await fakeBrowser.storage.session.set({ expireAllRun: { ...running, handled: 2, expired: 2 } });
    await waitFor(() => expect(result.current?.handled).toBe(2));
    await fakeBrowser.storage.session.set({ expireAllRun: done });
    await waitFor(() => expect(result.current?.status).toBe('done'));
    expect(live().textContent).toMatch(
      /^Expire everything: 2 of 3 expired\. 1 push was not expired: Door code: /,
    );
  });

  it('a page opened on a finished run shows it without saying it; Dismiss elsewhere clears it', async () => {
    await fakeBrowser.storage.session.set({ expireAllRun: done });
    const { result } = renderHook(() => useExpireRun().run);
    await waitFor(() => expect(result.current?.status).toBe('done'));
    expect(live().textContent).toBe('');
    await fakeBrowser.storage.session.remove('expireAllRun');
    await waitFor(() => expect(result.current).toBeNull());
  });

  it('ignores a stored value that is not a run', async () => {
    await fakeBrowser.storage.session.set({ expireAllRun: { status: 'running', total: 'many' } });
    const { result } = renderHook(() => useExpireRun().run);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeNull();
  });
});

describe('runView', () => {
  it('puts a run in words: the wait as a time, each failure with why', () => {
    const view = runView({ ...done, waiting_until: Date.UTC(2026, 0, 1, 14, 2, 10) });
    expect(view).toMatchObject({ running: false, total: 3, handled: 3, expired: 2 });
    expect(view?.waitingUntil).toMatch(/\d{1,2}:02:10/);
    expect(view?.failed).toEqual([{ title: 'Door code', reason: expect.any(String) }]);
    expect(view?.failed[0]?.reason).not.toBe('');
    expect(runView(null)).toBeNull();
  });
});

describe('useExpireRun().start', () => {
  it("says the start, but never over a result already said (a run of one push may end before the start's answer)", async () => {
    const { chromeLikeMessaging, pageSender } = await import('../../lib/demo/messaging');
    const { handle, listenForMessages } = await import('@/lib/messages/runtime');
    const { expireAllMessages } = await import('@/lib/expire-all/messages');
    chromeLikeMessaging(() => pageSender('/popup.html'));
    // The background: the run ends (stored as done) before it answers the start.
    const stop = listenForMessages([
      handle(expireAllMessages.start, async () => {
        await fakeBrowser.storage.session.set({ expireAllRun: running });
        await fakeBrowser.storage.session.set({ expireAllRun: done });
        return { ...running, handled: 0 };
      }),
    ]);
    const { result } = renderHook(() => useExpireRun());
    await result.current.start({ servers: null, window: 'hour' });
    await waitFor(() => expect(result.current.run?.status).toBe('done'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(live().textContent).toMatch(/^Expire everything: 2 of 3 expired\./);
    stop();
  });

  it('says the start of a run going on, and why a start failed', async () => {
    const { chromeLikeMessaging, pageSender } = await import('../../lib/demo/messaging');
    const { handle, listenForMessages } = await import('@/lib/messages/runtime');
    const { expireAllMessages } = await import('@/lib/expire-all/messages');
    chromeLikeMessaging(() => pageSender('/dashboard.html'));
    const stop = listenForMessages([
      handle(expireAllMessages.start, async () => ({ ...running, total: 40 })),
    ]);
    const { result } = renderHook(() => useExpireRun());
    await result.current.start({ servers: null, window: 'all' });
    await waitFor(() =>
      expect(live().textContent).toBe(
        'Expire everything started: 40 in all. It goes on if you close this page.',
      ),
    );
    stop();
    await result.current.start({ servers: null, window: 'all' });
    // No background answers: the failure is said in words instead.
    await waitFor(() => {
      expect(live().textContent).not.toBe('');
      expect(live().textContent).not.toMatch(/^Expire everything started/);
    });
  });
});
