import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendMessage } from '@/lib/messages/runtime';
import { watchRevisionItem, watchSettingsItem } from '@/lib/store/items';
import { setupWatcher, WATCH_ALARM, type Watcher } from '@/lib/watch/background';
import { closeWatchDb, watchDb } from '@/lib/watch/db';
import { listEvents, listTrackedPushes, readWatcherState } from '@/lib/watch/read';
import { BASE, MINUTE, resetWatchDb, watchHarness, type WatchHarness } from './helpers';

let h: WatchHarness;
let watcher: Watcher | undefined;

function start() {
  watcher = setupWatcher({ clock: h.clock, connect: async () => ({ client: h.owner, hasToken: true }) });
  return watcher;
}

/** A stopped worker: listeners and the database connection go; storage, alarms and IndexedDB stay. */
function stop() {
  watcher?.dispose();
  watcher = undefined;
  closeWatchDb();
}

const fireAlarm = async () => {
  const alarm = await browser.alarms.get(WATCH_ALARM);
  await fakeBrowser.alarms.onAlarm.trigger(alarm!);
};
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
const badge = () => browser.action.getBadgeText({});

beforeEach(async () => {
  await resetWatchDb();
  h = await watchHarness('pro');
});
afterEach(() => stop());

describe('the schedule', () => {
  it('creates the alarm every minute by default, and follows the interval setting', async () => {
    await start().ready;
    expect(await browser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: 1 });
    await watchSettingsItem.setValue({ intervalMinutes: 15, notifications: true, badge: 'unseen' });
    await expect.poll(async () => (await browser.alarms.get(WATCH_ALARM))?.periodInMinutes).toBe(15);
  });

  it('refreshes when the alarm fires and bumps watchRevision when something changed', async () => {
    const push = await h.create();
    await start().ready;
    await watcher!.refresh(false);
    const revision = await watchRevisionItem.getValue();
    await h.view(push.url_token);
    await fireAlarm();
    await expect.poll(async () => (await listEvents()).length).toBe(1);
    expect(await watchRevisionItem.getValue()).toBe(revision + 1);
  });
});

describe('notifications and the badge', () => {
  it('names the push and says what happened, never the secret', async () => {
    const push = await h.create({ name: 'Router password', payload: 'hunter2-top-secret' });
    await start().ready;
    await watcher!.refresh(false);
    await h.view(push.url_token, { ip: '203.0.113.4' });
    await h.view(push.url_token, { ip: '203.0.113.4' });
    await h.view(push.url_token, { ip: '203.0.113.4' });
    await watcher!.refresh(false);
    const texts = notifications().map((n) => [n.title, n.message]);
    expect(texts).toContainEqual(['Router password', 'Viewed from 203.0.113.4 — 2 of 5 views left']);
    expect(JSON.stringify(texts)).not.toContain('hunter2');
    expect(await badge()).toBe('3');
  });

  it('stays silent when the user turned notifications off, and can count active pushes', async () => {
    await watchSettingsItem.setValue({ intervalMinutes: 1, notifications: false, badge: 'active' });
    const push = await h.create();
    await h.create();
    await start().ready;
    await watcher!.refresh(false);
    await h.view(push.url_token);
    await watcher!.refresh(false);
    expect(notifications()).toEqual([]);
    expect(await badge()).toBe('2');
  });

  it('opens the dashboard when a notification is clicked', async () => {
    await start().ready;
    await fakeBrowser.notifications.onClicked.trigger('some-event');
    await expect
      .poll(async () => (await browser.tabs.query({})).map((tab) => tab.url))
      .toContain(browser.runtime.getURL('/dashboard.html' as '/'));
  });

  it("clears the unseen count on 'watch-mark-seen'", async () => {
    const push = await h.create();
    await start().ready;
    await watcher!.refresh(false);
    await h.view(push.url_token);
    await sendMessage('watch-refresh', undefined);
    expect(await badge()).toBe('1');
    await sendMessage('watch-mark-seen', undefined);
    expect(await badge()).toBe('');
    expect((await listEvents()).every((event) => event.seen)).toBe(true);
  });
});

describe('messages', () => {
  it("'watch-expire' deletes on the server and records it without an event", async () => {
    const a = await h.create();
    const b = await h.create();
    await start().ready;
    await watcher!.refresh(false);
    const answer = await sendMessage('watch-expire', { url_tokens: [a.url_token, 'nosuchtoken00'] });
    expect(answer.expired).toEqual([a.url_token]);
    expect(answer.failed).toMatchObject([{ url_token: 'nosuchtoken00', error: { code: 'not-found' } }]);
    const records = await listTrackedPushes(BASE);
    expect(records.find((p) => p.url_token === a.url_token)).toMatchObject({ expired: true, deleted: true });
    expect(records.find((p) => p.url_token === b.url_token)).toMatchObject({ expired: false });
    await watcher!.refresh(false);
    expect(await listEvents()).toEqual([]);
  });

  it("'watch-audit' returns every entry and caches it; new entries count as seen", async () => {
    const push = await h.create();
    await start().ready;
    await watcher!.refresh(false);
    await h.view(push.url_token, { ip: '203.0.113.4' });
    const entries = await sendMessage('watch-audit', { url_token: push.url_token });
    expect(entries.map((e) => e.kind)).toEqual(['creation', 'view']);
    expect(await listEvents()).toMatchObject([{ kind: 'viewed', seen: true }]);
    await watcher!.refresh(false);
    expect(await listEvents()).toHaveLength(1);
    expect(notifications()).toEqual([]);
  });
});

describe('a worker restart', () => {
  it('keeps events and state, and reports nothing twice', async () => {
    const push = await h.create();
    await start().ready;
    await watcher!.refresh(false);
    await h.view(push.url_token);
    await watcher!.refresh(false);
    stop();
    fakeBrowser.notifications.resetState();
    await start().ready;
    const summary = await watcher!.refresh(false);
    expect(summary).toMatchObject({ status: 'done', events: 0 });
    expect(await listEvents()).toHaveLength(1);
    expect(notifications()).toEqual([]);
    expect(await badge()).toBe('1');
  });

  it('remembers a back-off across the restart', async () => {
    await start().ready;
    h.fail(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await watcher!.refresh(false)).toMatchObject({ status: 'failed', error: { code: 'network' } });
    stop();
    h.fail(null);
    await start().ready;
    expect(await watcher!.refresh(false)).toMatchObject({
      status: 'waiting',
      nextAttemptAt: h.clock() + MINUTE,
    });
    h.advance(MINUTE);
    expect(await watcher!.refresh(false)).toMatchObject({ status: 'done' });
    expect(await readWatcherState()).toMatchObject({ failures: 0, backoffUntil: null });
  });
});

describe('the cache', () => {
  it('never holds a payload or passphrase, and lives in its own database', async () => {
    const push = await h.create({ payload: 'hunter2-top-secret', passphrase: 'open-sesame-9' });
    await start().ready;
    await watcher!.refresh(false);
    await h.view(push.url_token, { passphrase: 'open-sesame-9' });
    await watcher!.refresh(false);
    const db = await watchDb();
    expect(db.name).toBe('secret-push');
    const dump = JSON.stringify(
      await Promise.all((['pushes', 'audit', 'events', 'state'] as const).map((store) => db.getAll(store))),
    );
    expect(dump).toContain(push.url_token);
    expect(dump).not.toMatch(/hunter2|open-sesame/);
    expect(JSON.stringify(await browser.storage.local.get())).not.toMatch(/hunter2|open-sesame/);
  });
});
