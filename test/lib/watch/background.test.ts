import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendMessage } from '@/lib/messages/runtime';
import { watchMessages } from '@/lib/watch/messages';
import { FAILED_PREFIX } from '@/lib/quick-push/notifier';
import { countBumps } from './bumps';
import { setupWatcher, WATCH_ALARM } from '@/lib/watch/background';
import { idbCache } from '@/lib/watch/cache';
import { watchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { chromeLikeMessaging, pageSender } from '../demo/messaging';
import { saveSettings } from '@/lib/settings';
import {
  ALICE,
  BASE,
  listEvents,
  MINUTE,
  readWatcherState,
  resetWatchDb,
  signInAlice,
  testWorker,
  type WatchHarness,
  watchHarness,
} from './helpers';
import { pushPath } from '@/lib/watch/push-address';

/** An iPhone's Safari, as the audit log keeps it: notifications name it "Safari on iOS". */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let h: WatchHarness;
/** Who sends the test's messages: the dashboard unless a test says otherwise. */
let account: string;
let sender: { id?: string; url?: string };
const worker = testWorker(() => ({ h, account }));
const { start, stop } = worker;

const fireAlarm = async () => {
  const alarm = await fakeBrowser.alarms.get(WATCH_ALARM);
  await fakeBrowser.alarms.onAlarm.trigger(alarm!);
};
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
const badge = () => browser.action.getBadgeText({});

beforeEach(async () => {
  await resetWatchDb();
  account = await signInAlice();
  h = await watchHarness('pro');
  sender = pageSender('/dashboard.html');
  chromeLikeMessaging(() => sender);
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe('the schedule', () => {
  it('creates the alarm every minute by default, and follows the interval setting', async () => {
    await start().ready;
    expect(await browser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: 1 });
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 15 } });
    await expect.poll(async () => (await browser.alarms.get(WATCH_ALARM))?.periodInMinutes).toBe(15);
  });

  it("checks at the organization's interval, whatever the user chose, and follows a change of policy", async () => {
    await fakeBrowser.storage.local.set({
      watchSettings: { intervalMinutes: 5, notifications: true, badge: 'unseen' },
    });
    await fakeBrowser.storage.local.set({ policy: { policy: { watchIntervalMinutes: 30 }, notes: [] } });
    await start().ready;
    expect(await browser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: 30 });
    await fakeBrowser.storage.local.set({ policy: { policy: {}, notes: [] } });
    await expect.poll(async () => (await browser.alarms.get(WATCH_ALARM))?.periodInMinutes).toBe(5);
  });

  it.each([
    [0.1, 1],
    [0, 1],
    [Number.NaN, 1],
    [1_000, 60],
  ])(
    'never sets a period outside the choices offered (stored %d gives %d): Firefox would keep any period as asked, Chrome stretches one under 30 s',
    async (stored, period) => {
      await fakeBrowser.storage.local.set({
        watchSettings: { intervalMinutes: stored, notifications: true, badge: 'unseen' },
      });
      await start().ready;
      expect(await browser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: period });
    },
  );

  it('keeps the alarm it set for a clamped interval when the worker starts again', async () => {
    await fakeBrowser.storage.local.set({
      watchSettings: { intervalMinutes: 0.1, notifications: true, badge: 'unseen' },
    });
    await start().ready;
    const first = await browser.alarms.get(WATCH_ALARM);
    stop();
    await start().ready;
    expect(await browser.alarms.get(WATCH_ALARM)).toEqual(first);
  });

  it('refreshes when the alarm fires and bumps watchRevision when something changed', async () => {
    const push = await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    const bumps = countBumps();
    await h.view(push.url_token);
    await fireAlarm();
    await expect.poll(async () => (await listEvents()).length).toBe(1);
    expect(bumps.count).toBe(1);
    bumps.stop();
  });

  it('begins a read of the expired list on a refresh the user asks for, and not on the alarm', async () => {
    await start().ready;
    await worker.running!.refresh(false); // the first run reads the expired list to its end (one page here)
    const first = (await readWatcherState()).fullSyncAt[BASE];
    expect(first).toBe(h.clock());
    h.advance(MINUTE);
    h.resetCounts();
    await fireAlarm();
    // Every run reads the hot pages: active page 1 and expired page 1; the daily read is not due.
    await expect.poll(() => h.counts().list).toBe(2);
    expect((await readWatcherState()).fullSyncAt[BASE]).toBe(first);
    h.advance(MINUTE);
    h.resetCounts();
    await sendMessage(watchMessages.refresh, undefined);
    expect(h.counts().list).toBe(2);
    expect((await readWatcherState()).fullSyncAt[BASE]).toBe(h.clock());
  });

  it('bumps watchRevision after a refresh that changed nothing, and after one that failed', async () => {
    await start().ready;
    await worker.running!.refresh(false);
    const bumps = countBumps();
    h.advance(MINUTE);
    expect(await worker.running!.refresh(false)).toMatchObject({ status: 'done', changed: 0, events: 0 });
    expect(bumps.count).toBe(1);
    h.fail(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await worker.running!.refresh(false)).toMatchObject({ status: 'failed' });
    expect(bumps.count).toBe(2);
    expect(await readWatcherState()).toMatchObject({ failures: 1, lastError: { code: 'network' } });
    // Backing off: nothing ran and nothing changed, so nothing to reload.
    expect(await worker.running!.refresh(false)).toMatchObject({ status: 'waiting' });
    expect(bumps.count).toBe(2);
    bumps.stop();
  });
});

describe('a server connected, added, or given another token', () => {
  /** A settings change as Settings makes one: the same server, its token moved to this session. */
  const saveAgain = () =>
    saveSettings({
      type: 'server',
      entry: {
        server: { kind: 'self-hosted', url: BASE },
        token: { value: ALICE.token, place: 'session', origin: new URL(BASE).origin },
      },
    });

  it('reads the account at once when no refresh ever ran for it, without waiting for the alarm', async () => {
    await h.create();
    await start().ready;
    expect(await listTrackedPushes()).toEqual([]);
    await saveAgain();
    await expect.poll(async () => (await listTrackedPushes()).length).toBe(1);
    expect((await readWatcherState()).lastSuccessAt).toBe(h.clock());
  });

  it('leaves an account already read to its schedule', async () => {
    await start().ready;
    await worker.running!.refresh(false);
    h.resetCounts();
    // The save resolves once what the change started (erase a left server, read one never read) is done:
    // the fake browser awaits the storage listeners' work. A read would be counted.
    await saveAgain();
    expect(h.counts().list).toBe(0);
  });

  it('follows the settings once: a watch preference saved reschedules and connects to no server, a server saved connects', async () => {
    const connect = vi.fn(async () => ({ client: h.owner, hasToken: true, account }));
    const watcher = setupWatcher({ clock: h.clock, connect });
    await watcher.ready;
    connect.mockClear();
    // The save resolves once the listeners' work is done (the fake browser awaits it).
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 15 } });
    expect(await browser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: 15 });
    expect(connect).not.toHaveBeenCalled();
    await saveAgain();
    expect(connect).toHaveBeenCalled();
    expect(await browser.alarms.get(WATCH_ALARM)).toMatchObject({ periodInMinutes: 15 });
    watcher.dispose();
  });
});

describe("'watch-refresh-if-stale', sent by the dashboard as it opens", () => {
  it('refreshes an empty cache, and answers null once the cache holds pushes read within the interval', async () => {
    await h.create();
    await start().ready;
    expect(await sendMessage(watchMessages.refreshIfStale, undefined)).toMatchObject({ status: 'done' });
    expect(await listTrackedPushes()).toHaveLength(1);
    h.resetCounts();
    h.advance(30_000);
    expect(await sendMessage(watchMessages.refreshIfStale, undefined)).toBeNull();
    expect(h.counts().list).toBe(0);
  });

  it('refreshes a cache older than the interval', async () => {
    await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    h.advance(MINUTE);
    h.resetCounts();
    expect(await sendMessage(watchMessages.refreshIfStale, undefined)).toMatchObject({ status: 'done' });
    expect(h.counts().list).toBe(2);
  });
});

describe('notifications and the badge', () => {
  it('notifies a wrong passphrase named after its push, on by default even with other notifications off', async () => {
    await fakeBrowser.storage.local.set({
      watchSettings: { intervalMinutes: 1, notifications: false, badge: 'unseen' },
    });
    const push = await h.create({ name: 'Payroll login', passphrase: 'open sesame' });
    await start().ready;
    await worker.running!.refresh(false);
    h.advance(MINUTE);
    await worker.running!.refresh(false); // the sweep's baseline
    await h.view(push.url_token, { ip: '203.0.113.66', userAgent: IPHONE, passphrase: 'wrong' });
    await h.view(push.url_token, { passphrase: 'open sesame' }); // a view: follows the general setting (off)
    h.advance(MINUTE);
    await worker.running!.refresh(false);
    expect(notifications()).toEqual([
      expect.objectContaining({
        title: 'Payroll login',
        // The device, never the IP (issue 37): the IP is the audit log's alone.
        message: 'Wrong passphrase entered in Safari on iOS',
      }),
    ]);
    expect(await badge()).toBe('2');
  });

  it('raises no notification of failed attempts once their own setting is off', async () => {
    await saveSettings({ type: 'failedAlerts', on: false });
    const push = await h.create({ name: 'Payroll login', passphrase: 'open sesame' });
    await start().ready;
    await worker.running!.refresh(false);
    h.advance(MINUTE);
    await worker.running!.refresh(false);
    await h.view(push.url_token, { passphrase: 'wrong' });
    h.advance(MINUTE);
    expect(await worker.running!.refresh(false)).toMatchObject({ events: 1 });
    expect(notifications()).toEqual([]);
  });

  it('names the push and says what happened, never the secret', async () => {
    const push = await h.create({ name: 'Router password', payload: 'hunter2-top-secret' });
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token, { ip: '203.0.113.4' });
    await h.view(push.url_token, { ip: '203.0.113.4' });
    await h.view(push.url_token, { ip: '203.0.113.4' });
    await worker.running!.refresh(false);
    const texts = notifications().map((n) => [n.title, n.message]);
    expect(texts).toContainEqual(['Router password', 'Viewed in Firefox — 2 of 5 views left']);
    expect(JSON.stringify(texts)).not.toContain('hunter2');
    expect(JSON.stringify(texts)).not.toContain('203.0.113.4');
    expect(await badge()).toBe('3');
  });

  it('stays silent when the user turned notifications off, and can count active pushes', async () => {
    await fakeBrowser.storage.local.set({
      watchSettings: { intervalMinutes: 1, notifications: false, badge: 'active' },
    });
    const push = await h.create();
    await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token);
    await worker.running!.refresh(false);
    expect(notifications()).toEqual([]);
    expect(await badge()).toBe('2');
  });

  it("opens the dashboard on that push's own address when one of its notifications is clicked", async () => {
    const push = await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token);
    await worker.running!.refresh(false);
    const [id] = Object.keys(fakeBrowser.notifications.getAllCreateOptions());
    // Neither the notification's id nor the address it opens holds the token or the server (issue 37).
    expect(id).not.toContain(push.url_token);
    expect(id).not.toContain(new URL(BASE).host);
    await fakeBrowser.notifications.onClicked.trigger(id!);
    const address = browser.runtime.getURL(pushPath({ server: BASE, url_token: push.url_token }) as '/');
    await expect.poll(async () => (await browser.tabs.query({})).map((tab) => tab.url)).toContain(address);
    expect(address).not.toContain(push.url_token);
  });

  it("leaves other features' notifications alone (quick push's click means Try again)", async () => {
    await start().ready;
    const id = `${FAILED_PREFIX}1`;
    await browser.notifications.create(id, { type: 'basic', iconUrl: '', title: 'x', message: 'y' });
    // trigger awaits what each listener returned: the watcher's would be the tab it opens.
    await fakeBrowser.notifications.onClicked.trigger(id);
    expect((await browser.tabs.query({})).map((tab) => tab.url)).not.toContain(
      browser.runtime.getURL('/dashboard.html' as '/'),
    );
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toEqual([id]);
  });

  it("clears the unseen count on 'watch-mark-seen'", async () => {
    const push = await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token);
    await sendMessage(watchMessages.refresh, undefined);
    expect(await badge()).toBe('1');
    await sendMessage(watchMessages.markSeen, undefined);
    expect(await badge()).toBe('');
    expect((await listEvents()).every((event) => event.seen)).toBe(true);
  });
});

describe('messages', () => {
  it("'watch-expire' deletes on the server and records it without an event", async () => {
    const a = await h.create();
    const b = await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    const answer = await sendMessage(watchMessages.expire, { url_tokens: [a.url_token, 'nosuchtoken00'] });
    expect(answer.expired).toEqual([a.url_token]);
    expect(answer.failed).toMatchObject([{ url_token: 'nosuchtoken00', error: { code: 'not-found' } }]);
    const records = await listTrackedPushes(BASE);
    expect(records.find((p) => p.url_token === a.url_token)).toMatchObject({ expired: true, deleted: true });
    expect(records.find((p) => p.url_token === b.url_token)).toMatchObject({ expired: false });
    await worker.running!.refresh(false);
    expect(await listEvents()).toEqual([]);
  });

  it("'watch-audit' returns every entry, and the next refresh still reports the new ones", async () => {
    const push = await h.create({ name: 'Door code' });
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token, { ip: '203.0.113.4' });
    const entries = await sendMessage(watchMessages.audit, { url_token: push.url_token });
    expect(entries.map((e) => e.kind)).toEqual(['creation', 'view']);
    expect(await listEvents()).toEqual([]);
    await worker.running!.refresh(false);
    expect(await listEvents()).toMatchObject([{ kind: 'viewed', ip: '203.0.113.4', seen: false }]);
    expect(notifications().map((n) => [n.title, n.message])).toEqual([
      ['Door code', 'Viewed in Firefox — 4 of 5 views left'],
    ]);
    expect(await badge()).toBe('1');
  });

  it.each([
    ['watch-expire', watchMessages.expire, { url_tokens: 'abc' }],
    ['watch-expire', watchMessages.expire, { url_tokens: ['../p/abc'] }],
    ['watch-audit', watchMessages.audit, { url_token: 42 }],
    ['watch-audit', watchMessages.audit, undefined],
  ] as const)("refuses a malformed '%s' before asking the server", async (_type, message, data) => {
    await start().ready;
    h.resetCounts();
    await expect(sendMessage(message as never, data as never)).rejects.toMatchObject({
      code: 'bad-request',
    });
    expect(h.counts()).toEqual({ list: 0, audit: 0, other: 0 });
  });

  it.each([
    ['watch-refresh', watchMessages.refresh, () => undefined],
    ['watch-expire', watchMessages.expire, (token: string) => ({ url_tokens: [token] })],
    ['watch-audit', watchMessages.audit, (token: string) => ({ url_token: token })],
    ['watch-mark-seen', watchMessages.markSeen, () => undefined],
  ] as const)("refuses '%s' to a sender that is not one of our pages", async (_type, message, data) => {
    const push = await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token);
    await worker.running!.refresh(false);
    h.resetCounts();
    for (const stranger of [
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/' }, // a content script
      { id: 'another-extension', url: 'chrome-extension://another-extension/page.html' },
    ]) {
      sender = stranger;
      await expect(sendMessage(message as never, data(push.url_token) as never)).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
    expect(h.counts()).toEqual({ list: 0, audit: 0, other: 0 });
    expect((await listTrackedPushes(BASE))[0]).toMatchObject({ expired: false, views_remaining: 4 });
    expect(await listEvents()).toMatchObject([{ kind: 'viewed', seen: false }]);
  });
});

describe('a worker restart', () => {
  it('keeps events and state, and reports nothing twice', async () => {
    const push = await h.create();
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token);
    await worker.running!.refresh(false);
    stop();
    fakeBrowser.notifications.resetState();
    await start().ready;
    const summary = await worker.running!.refresh(false);
    expect(summary).toMatchObject({ status: 'done', events: 0 });
    expect(await listEvents()).toHaveLength(1);
    expect(notifications()).toEqual([]);
    expect(await badge()).toBe('1');
  });

  it('shows at the next refresh, once, the notification of a view a stopped worker committed and never showed (issue 40)', async () => {
    const push = await h.create({ name: 'Door code' });
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token, { userAgent: IPHONE });
    // The worker stops between the commit and the notification: the create is never made.
    const create = vi
      .spyOn(browser.notifications, 'create')
      .mockRejectedValueOnce(new Error('worker stopped'));
    await expect(worker.running!.refresh(false)).rejects.toThrow('worker stopped');
    expect(await listEvents()).toMatchObject([{ kind: 'viewed' }]);
    expect(notifications()).toEqual([]);
    stop();
    create.mockRestore();
    await start().ready;
    expect(await worker.running!.refresh(false)).toMatchObject({ status: 'done', events: 0 });
    expect(notifications()).toEqual([
      expect.objectContaining({ title: 'Door code', message: 'Viewed in Safari on iOS — 4 of 5 views left' }),
    ]);
    // Noted as shown: neither the next refresh nor the one after a restart shows it again.
    fakeBrowser.notifications.resetState();
    await worker.running!.refresh(false);
    stop();
    await start().ready;
    await worker.running!.refresh(false);
    expect(notifications()).toEqual([]);
    expect(await readWatcherState()).not.toHaveProperty('unnotified');
  });

  it('does not show again a notification still on screen that a stopped worker showed and never noted as shown', async () => {
    const push = await h.create({ name: 'Door code' });
    // A watcher whose notes of "shown" never land, as when the worker stops right after the create.
    const watcher = setupWatcher({
      clock: h.clock,
      connect: async () => ({ client: h.owner, hasToken: true, account }),
      cache: (key) => ({
        ...idbCache(watchDb, key),
        notified: () => Promise.reject(new Error('worker stopped')),
      }),
    });
    await watcher.ready;
    await watcher.refresh(false);
    await h.view(push.url_token);
    await expect(watcher.refresh(false)).rejects.toThrow('worker stopped');
    watcher.dispose();
    const create = vi.spyOn(browser.notifications, 'create');
    expect(Object.keys(fakeBrowser.notifications.getAllCreateOptions())).toHaveLength(1);
    await start().ready;
    await worker.running!.refresh(false);
    // Still on screen: not created anew (Chrome would clear it and show it again), and now noted as shown.
    expect(create).not.toHaveBeenCalled();
    expect(await readWatcherState()).not.toHaveProperty('unnotified');
  });

  it('remembers a back-off across the restart', async () => {
    await start().ready;
    h.fail(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await worker.running!.refresh(false)).toMatchObject({
      status: 'failed',
      error: { code: 'network' },
    });
    stop();
    h.fail(null);
    await start().ready;
    expect(await worker.running!.refresh(false)).toMatchObject({
      status: 'waiting',
      nextAttemptAt: h.clock() + MINUTE,
    });
    h.advance(MINUTE);
    expect(await worker.running!.refresh(false)).toMatchObject({ status: 'done' });
    expect(await readWatcherState()).toMatchObject({ failures: 0, backoffUntil: null });
  });
});

describe('the cache', () => {
  it('never holds a payload or passphrase, and lives in its own database', async () => {
    const push = await h.create({ payload: 'hunter2-top-secret', passphrase: 'open-sesame-9' });
    await start().ready;
    await worker.running!.refresh(false);
    await h.view(push.url_token, { passphrase: 'open-sesame-9' });
    await worker.running!.refresh(false);
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
