import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WATCH_ALARM } from '@/lib/watch/background';
import { resetWatchDb, signInAlice, testWorker, watchHarness, type WatchHarness } from '../helpers';

let h: WatchHarness;
let account: string;
const worker = testWorker(() => ({ h, account }));
const { start, stop } = worker;

/** A browser restart: the worker, storage.session, the alarms and the badge go; storage.local and IndexedDB stay. */
async function restartBrowser() {
  stop();
  await fakeBrowser.storage.session.clear();
  await browser.alarms.clearAll();
  await browser.action.setBadgeText({ text: '' });
}

const badge = () => browser.action.getBadgeText({});
const period = async () => (await browser.alarms.get(WATCH_ALARM))?.periodInMinutes;

beforeEach(async () => {
  await resetWatchDb();
  account = await signInAlice();
  h = await watchHarness('pro');
  await fakeBrowser.storage.local.set({
    watchSettings: { intervalMinutes: 5, notifications: true, badge: 'active' },
  });
  await h.create();
  await h.create();
});
afterEach(() => stop());

describe('the startup work, once per browser session', () => {
  it('is skipped by a worker woken again in the same session: the alarm and the badge are still there', async () => {
    await start().ready;
    await worker.running!.refresh(false);
    expect(await badge()).toBe('2');
    const alarm = await browser.alarms.get(WATCH_ALARM);
    stop();
    const alarms = vi.spyOn(browser.alarms, 'get');
    const setBadge = vi.spyOn(browser.action, 'setBadgeText');
    await start().ready;
    expect(alarms).not.toHaveBeenCalled();
    expect(setBadge).not.toHaveBeenCalled();
    expect(await browser.alarms.get(WATCH_ALARM)).toEqual(alarm);
    expect(await badge()).toBe('2');
  });

  it('sets the alarm and draws the badge again after a browser restart', async () => {
    await start().ready;
    await worker.running!.refresh(false);
    await restartBrowser();
    expect(await period()).toBeUndefined();
    await start().ready;
    expect(await period()).toBe(5);
    expect(await badge()).toBe('2');
  });

  it('follows a change of the settings in a woken worker', async () => {
    await start().ready;
    await worker.running!.refresh(false);
    stop();
    await start().ready;
    await fakeBrowser.storage.local.set({
      watchSettings: { intervalMinutes: 15, notifications: true, badge: 'unseen' },
    });
    await expect.poll(period).toBe(15);
    await expect.poll(badge).toBe('');
  });

  it('runs again at the next wake when it failed', async () => {
    vi.spyOn(browser.alarms, 'get').mockRejectedValueOnce(new Error('alarms unavailable'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(start().ready).rejects.toThrow('alarms unavailable');
    stop();
    await start().ready;
    expect(await period()).toBe(5);
  });
});
