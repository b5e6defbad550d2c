// @vitest-environment node
/**
 * The watcher's alarm erases expired demo pushes at rest in every mode (issue 18): the real watcher on
 * fakeBrowser, its default eraser on the demo database (the real mock store on fake-indexeddb), a clock the
 * test moves, and no request to the demo service.
 */
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettings, saveSettings } from '@/lib/settings';

const setDemoMode = (on: boolean) => saveSettings({ type: 'demo', on });
import { setupWatcher, WATCH_ALARM, type Watcher } from '@/lib/watch/background';
import { closeWatchDb } from '@/lib/watch/db';
import { demoService, MINUTE, type DemoService } from '../demo/demo-service';
import { signInAlice, watchHarness, type WatchHarness } from './helpers';

let h: WatchHarness;
let demo: DemoService;
let watcher: Watcher | undefined;

beforeEach(async () => {
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  h = await watchHarness('pro');
  demo = await demoService(h.clock());
});
afterEach(() => {
  watcher?.dispose();
  watcher = undefined;
  vi.restoreAllMocks();
});

/** The watcher as the background starts it, following the saved server; its clock is the demo service's. */
async function startWatcher() {
  const account = await signInAlice();
  watcher = setupWatcher({
    clock: () => demo.clock.now,
    connect: async () => ({ client: h.owner, hasToken: true, account }),
  });
  await watcher.ready;
}

async function fireAlarm() {
  const alarm = await fakeBrowser.alarms.get(WATCH_ALARM);
  await fakeBrowser.alarms.onAlarm.trigger(alarm!);
}

describe.each([
  ['in demo mode', () => setDemoMode(true), true],
  // signInAlice (in startWatcher) saves a real server, which turns demo mode off.
  ['with a real server connected', async () => undefined, false],
])("the watcher's alarm %s", (_, mode, demoMode) => {
  it("erases an expired demo push's payload, and leaves one that has not expired", async () => {
    const expiring = await demo.create({
      payload: 'expires soon',
      passphrase: 'pw',
      expire_after_duration: '0',
    });
    const lasting = await demo.create({ payload: 'lasts a day', expire_after_duration: '6' });
    await startWatcher();
    await mode();
    expect((await loadSettings()).demoMode).toBe(demoMode);
    demo.clock.now += 15 * MINUTE;
    const requests = demo.requests();

    await fireAlarm();
    await vi.waitFor(async () => expect((await demo.stored(expiring))?.payload).toBeNull());
    expect(await demo.stored(expiring)).toMatchObject({ expired: true, passphrase: null });
    expect(await demo.stored(lasting)).toMatchObject({ expired: false, payload: 'lasts a day' });
    expect(demo.requests()).toBe(requests);
  });
});

describe("the watcher's start", () => {
  it('erases the demo pushes that expired while the browser was closed', async () => {
    const expiring = await demo.create({ payload: 'expired overnight', expire_after_duration: '0' });
    demo.clock.now += 15 * MINUTE;
    await startWatcher();
    expect(await demo.stored(expiring)).toMatchObject({ expired: true, payload: null });
  });
});
