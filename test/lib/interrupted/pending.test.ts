/**
 * The write-ahead record of a create (lib/interrupted, issue 40): marked before the request leaves, removed
 * once the create is over, found by the next life of the background when the browser stopped this one in
 * between, and said then in a notification whose click opens the dashboard.
 */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { lifeEnding } from '@/lib/interrupted/life';
import { pendingCreates, type PendingCreates } from '@/lib/interrupted/pending';
import { INTERRUPTED_PREFIX, registerInterrupted, reportInterrupted } from '@/lib/interrupted/background';
import { interruptedEntries } from '@/lib/store';

/** One life of the background, as a worker's start makes it. */
function life(name: string): PendingCreates {
  let id = 0;
  return pendingCreates({
    entries: interruptedEntries,
    life: name,
    now: () => 1_000,
    newId: () => `${name}-${++id}`,
  });
}

const session = () => fakeBrowser.storage.session.get(null);

describe('a create marked as under way', () => {
  it('is written before begin returns, and removed once it is done', async () => {
    const set = vi.spyOn(fakeBrowser.storage.session, 'set');
    const { written, done } = life('one').begin('quick-push');
    // The write is on its way before the caller sends anything.
    expect(set).toHaveBeenCalledTimes(1);
    await written;
    expect(Object.keys(await session())).toEqual(['interrupted:one-1']);
    expect(Object.values(await session())).toEqual([{ kind: 'quick-push', startedAt: 1_000, life: 'one' }]);
    await done();
    expect(await session()).toEqual({});
  });

  it('is not interrupted while its own life goes on; the next life finds it once', async () => {
    const first = life('first');
    await first.begin('demo-create').written;
    await first.begin('quick-push').done();
    expect(await first.takeInterrupted()).toEqual([]);
    // The worker stopped: the next start's life finds what the first one left, and takes it out.
    const next = life('next');
    expect(await next.takeInterrupted()).toEqual([
      { kind: 'demo-create', startedAt: 1_000, life: 'first', id: 'first-1' },
    ]);
    expect(await next.takeInterrupted()).toEqual([]);
    expect(await session()).toEqual({});
  });

  it('drops what is not an entry of its own (read back at the storage boundary)', async () => {
    await fakeBrowser.storage.session.set({ 'interrupted:odd': { kind: 'other', payload: 'x' } });
    expect(await life('any').takeInterrupted()).toEqual([]);
    expect(await session()).toEqual({});
  });
});

describe('the next start', () => {
  it('says each interrupted create in a notification, with no detail of the push', async () => {
    const earlier = life('earlier');
    await earlier.begin('quick-push').written;
    await earlier.begin('demo-create').written;
    const shown: Array<{ id: string; title: string; message: string }> = [];
    const count = await reportInterrupted({
      pending: life('now'),
      show: async (id, notice) => void shown.push({ id, ...notice }),
      openDashboard: async () => undefined,
    });
    expect(count).toBe(2);
    // Each named by its mark, so the life that marked it could say which notice would tell of it.
    expect(shown.map(({ id }) => id)).toEqual([
      `${INTERRUPTED_PREFIX}earlier-1`,
      `${INTERRUPTED_PREFIX}earlier-2`,
    ]);
    expect(shown[0]).toMatchObject({
      title: 'A push may not have been recorded',
      message: expect.stringContaining('Look at the list before you push it again.'),
    });
  });

  it('raises the notifications at registration, and a click on one opens the dashboard', async () => {
    await life('earlier').begin('quick-push').written;
    const openDashboard = vi.fn(async () => undefined);
    const { reported } = registerInterrupted(life('now'), { openDashboard });
    expect(await reported).toBe(1);
    const [id] = Object.keys(await fakeBrowser.notifications.getAll());
    expect(id?.startsWith(INTERRUPTED_PREFIX)).toBe(true);
    await fakeBrowser.notifications.onClicked.trigger('quick-push:pushed:other');
    expect(openDashboard).not.toHaveBeenCalled();
    await fakeBrowser.notifications.onClicked.trigger(id!);
    expect(openDashboard).toHaveBeenCalledTimes(1);
  });

  it('raises nothing when every create finished', async () => {
    const { reported } = registerInterrupted(life('now'));
    expect(await reported).toBe(0);
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
  });
});

describe("this life's end (lifeEnding)", () => {
  it('in a page: heard at pagehide, now or within the moment soon() waits', async () => {
    const target = new EventTarget();
    const end = lifeEnding({ page: true, graceMs: 1_000, target });
    expect(end.now()).toBe(false);
    const soon = end.soon();
    target.dispatchEvent(new Event('pagehide'));
    expect(await soon).toBe(true);
    expect(end.now()).toBe(true);
    expect(await end.soon()).toBe(true);
  });

  it('in a page that stays: soon() says no once the moment is over', async () => {
    const end = lifeEnding({ page: true, graceMs: 5, target: new EventTarget() });
    expect(await end.soon()).toBe(false);
  });

  it("in Chrome's worker (no page): soon() answers at once, never waiting", async () => {
    const end = lifeEnding({ page: false, graceMs: 60_000, target: new EventTarget() });
    expect(await end.soon()).toBe(false);
  });
});
