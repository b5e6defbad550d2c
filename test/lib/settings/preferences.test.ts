/**
 * The preferences in the settings model (issue 38): each read with the settings in one read, as the user
 * saved it (`savedPreferences`) and as in force under the policy (`preferences`); saved through the one
 * save, checked there; followed by part, so that saving one wakes only those who follow it. A value an
 * older version stored under the same key still reads.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isAppError } from '@/lib/errors';
import {
  DEFAULT_PREFERENCES,
  DEFAULT_WATCH_SETTINGS,
  followSettings,
  readSettings,
  saveSettings,
  type PolicyState,
} from '@/lib/settings';

const policy = (set: PolicyState['policy']): PolicyState => ({ policy: set, notes: [] });

beforeEach(() => {
  fakeBrowser.reset();
});

describe("the watcher's settings", () => {
  it('read as the defaults on a fresh install', async () => {
    const read = await readSettings();
    expect(read.savedPreferences).toEqual(DEFAULT_PREFERENCES);
    expect(read.preferences.watch).toEqual(DEFAULT_WATCH_SETTINGS);
  });

  it('read what a version before 38 stored under watchSettings, a missing or broken field as its default', async () => {
    await fakeBrowser.storage.local.set({ watchSettings: { intervalMinutes: 15, notifications: false } });
    expect((await readSettings()).savedPreferences.watch).toEqual({
      intervalMinutes: 15,
      notifications: false,
      badge: 'unseen',
    });
    await fakeBrowser.storage.local.set({ watchSettings: { intervalMinutes: '5', badge: 'active' } });
    expect((await readSettings()).savedPreferences.watch).toEqual({
      intervalMinutes: 1,
      notifications: true,
      badge: 'active',
    });
    await fakeBrowser.storage.local.set({ watchSettings: 'garbage' });
    expect((await readSettings()).savedPreferences.watch).toEqual(DEFAULT_WATCH_SETTINGS);
  });

  it('save a change of one field under the same key, keeping the others', async () => {
    await saveSettings({ type: 'watch', patch: { badge: 'active' } });
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 15 } });
    expect(await fakeBrowser.storage.local.get('watchSettings')).toEqual({
      watchSettings: { intervalMinutes: 15, notifications: true, badge: 'active' },
    });
  });

  it.each([
    [{ intervalMinutes: 7 }, 'intervalMinutes'],
    [{ intervalMinutes: 0.1 }, 'intervalMinutes'],
    [{ badge: 'all' as never }, 'badge'],
    [{ notifications: 'yes' as never }, 'notifications'],
  ])('refuse %o, a choice the page does not offer, and write nothing', async (patch, field) => {
    const error = await saveSettings({ type: 'watch', patch }).catch((failure: unknown) => failure);
    expect(isAppError(error, 'validation')).toBe(true);
    expect(isAppError(error) && Object.keys(error.fields ?? {})).toEqual([field]);
    expect(await fakeBrowser.storage.local.get('watchSettings')).toEqual({});
  });

  it("put the organization's interval in force, and keep the user's own through a save and after the policy goes", async () => {
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 5 } });
    await saveSettings({ type: 'policy', state: policy({ watchIntervalMinutes: 30 }) });
    const managed = await readSettings();
    expect(managed.preferences.watch.intervalMinutes).toBe(30);
    expect(managed.savedPreferences.watch.intervalMinutes).toBe(5);
    // A page showing the organization's interval saves another field: the user's own interval stays.
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 15, notifications: false } });
    expect((await readSettings()).savedPreferences.watch).toEqual({
      intervalMinutes: 5,
      notifications: false,
      badge: 'unseen',
    });
    await saveSettings({ type: 'policy', state: policy({}) });
    expect((await readSettings()).preferences.watch.intervalMinutes).toBe(5);
  });
});

describe('the clipboard-clearing delay', () => {
  it('reads what a version before 38 stored under clipboardClearSeconds, anything else as off', async () => {
    expect((await readSettings()).preferences.clipboardClearSeconds).toBe(0);
    await fakeBrowser.storage.local.set({ clipboardClearSeconds: 120 });
    expect((await readSettings()).preferences.clipboardClearSeconds).toBe(120);
    await fakeBrowser.storage.local.set({ clipboardClearSeconds: '30' });
    expect((await readSettings()).preferences.clipboardClearSeconds).toBe(0);
  });

  it('saves a delay offered under the same key, and refuses one that is not', async () => {
    await saveSettings({ type: 'clipboardClear', seconds: 300 });
    expect(await fakeBrowser.storage.local.get('clipboardClearSeconds')).toEqual({
      clipboardClearSeconds: 300,
    });
    const error = await saveSettings({ type: 'clipboardClear', seconds: 45 }).catch(
      (failure: unknown) => failure,
    );
    expect(isAppError(error, 'validation')).toBe(true);
    expect((await readSettings()).savedPreferences.clipboardClearSeconds).toBe(300);
  });

  it('wakes only its own followers and those of every preference', async () => {
    const requests = vi.fn();
    const watch = vi.fn();
    const clipboard = vi.fn();
    const preferences = vi.fn();
    const stops = [
      followSettings(requests),
      followSettings(watch, { part: 'watch' }),
      followSettings(clipboard, { part: 'clipboardClearSeconds' }),
      followSettings(preferences, { part: 'preferences' }),
    ];
    await saveSettings({ type: 'clipboardClear', seconds: 30 });
    expect([requests, watch, clipboard, preferences].map((follower) => follower.mock.calls.length)).toEqual([
      0, 0, 1, 1,
    ]);
    stops.forEach((stop) => stop());
  });
});

describe('the notifications of failed attempts', () => {
  it('read as on by default, and what a version before 38 stored under watchFailedAttemptAlerts', async () => {
    expect((await readSettings()).preferences.failedAlerts).toBe(true);
    await fakeBrowser.storage.local.set({ watchFailedAttemptAlerts: false });
    expect((await readSettings()).preferences.failedAlerts).toBe(false);
    await fakeBrowser.storage.local.set({ watchFailedAttemptAlerts: 'no' });
    expect((await readSettings()).preferences.failedAlerts).toBe(true);
  });

  it('save under the same key and wake their followers, not those of the watch settings', async () => {
    const failed = vi.fn();
    const watch = vi.fn();
    const stops = [
      followSettings(failed, { part: 'failedAlerts' }),
      followSettings(watch, { part: 'watch' }),
    ];
    await saveSettings({ type: 'failedAlerts', on: false });
    expect(await fakeBrowser.storage.local.get('watchFailedAttemptAlerts')).toEqual({
      watchFailedAttemptAlerts: false,
    });
    expect([failed.mock.calls.length, watch.mock.calls.length]).toEqual([1, 0]);
    stops.forEach((stop) => stop());
  });
});

describe('the chat-preview guard', () => {
  it('reads as on by default and when what is stored is no boolean, off once saved off', async () => {
    expect((await readSettings()).preferences.chatGuard).toBe(true);
    await fakeBrowser.storage.local.set({ chatGuard: 'off' });
    expect((await readSettings()).preferences.chatGuard).toBe(true);
    await saveSettings({ type: 'chatGuard', on: false });
    expect(await fakeBrowser.storage.local.get('chatGuard')).toEqual({ chatGuard: false });
    expect((await readSettings()).preferences.chatGuard).toBe(false);
  });

  it("wakes its followers and the preferences', not those of the requests' settings", async () => {
    const requests = vi.fn();
    const guard = vi.fn();
    const preferences = vi.fn();
    const stops = [
      followSettings(requests),
      followSettings(guard, { part: 'chatGuard' }),
      followSettings(preferences, { part: 'preferences' }),
    ];
    await saveSettings({ type: 'chatGuard', on: false });
    expect([requests, guard, preferences].map((follower) => follower.mock.calls.length)).toEqual([0, 1, 1]);
    stops.forEach((stop) => stop());
  });
});

describe("the generator's choices", () => {
  it('are kept as stored (lib/generator checks them), null until saved, and followed on their own', async () => {
    expect((await readSettings()).preferences.generatorChoice).toBeNull();
    const requests = vi.fn();
    const generator = vi.fn();
    const stops = [followSettings(requests), followSettings(generator, { part: 'generatorChoice' })];
    await saveSettings({ type: 'generatorChoice', choice: { mode: 'words' } });
    expect(await fakeBrowser.storage.local.get('generatorChoice')).toEqual({
      generatorChoice: { mode: 'words' },
    });
    expect([requests.mock.calls.length, generator.mock.calls.length]).toEqual([0, 1]);
    stops.forEach((stop) => stop());
  });
});

describe('following a part of the settings', () => {
  it("wakes a follower of the watcher's settings on their save and on a policy, and no follower of the requests' settings", async () => {
    const requests = vi.fn();
    const watch: number[] = [];
    const stopRequests = followSettings(requests);
    const stopWatch = followSettings((read) => watch.push(read.preferences.watch.intervalMinutes), {
      part: 'watch',
    });
    await saveSettings({ type: 'watch', patch: { intervalMinutes: 60 } });
    expect(requests).not.toHaveBeenCalled();
    await saveSettings({ type: 'policy', state: policy({ watchIntervalMinutes: 5 }) });
    await vi.waitFor(() => expect(watch).toEqual([60, 5]));
    expect(requests).toHaveBeenCalledTimes(1); // the policy is a requests' setting too
    await saveSettings({ type: 'demo', on: true });
    expect(watch).toEqual([60, 5]);
    stopRequests();
    stopWatch();
  });

  it('wakes a follower of every preference on a save of any of them', async () => {
    const seen = vi.fn();
    const stop = followSettings(seen, { part: 'preferences' });
    await saveSettings({ type: 'watch', patch: { notifications: false } });
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });
});
