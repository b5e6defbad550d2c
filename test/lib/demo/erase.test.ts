/**
 * Demo secrets at rest (issue 18): the background erases expired demo pushes straight in the demo database,
 * and deletes it when an organization forbids demo mode. The real mock store and backend on fake-indexeddb.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_DB_NAME } from '@/lib/demo/constants';
import { deleteDemoData, eraseExpiredDemoPushes } from '@/lib/demo/erase';
import { createDemoHost } from '@/lib/demo/host';
import { databaseNames, demoService, MINUTE, type DemoService } from './demo-service';

let demo: DemoService;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  demo = await demoService();
});

const file = () => new File(['file bytes'], 'secret.txt', { type: 'text/plain' });

describe('eraseExpiredDemoPushes', () => {
  it("erases an expired push's payload, passphrase and file bytes without a request to the service", async () => {
    const token = await demo.create({
      payload: 'hunter2',
      passphrase: 'pw',
      expire_after_duration: '0',
      files: file(),
    });
    demo.clock.now += 15 * MINUTE;
    const before = demo.requests();
    expect(await eraseExpiredDemoPushes({ clock: () => demo.clock.now })).toBe(1);
    expect(await demo.stored(token)).toMatchObject({
      expired: true,
      payload: null,
      passphrase: null,
      files: [],
    });
    expect(await demo.files(token)).toEqual([]);
    expect(demo.requests()).toBe(before);
  });

  it('leaves a push that has not expired untouched', async () => {
    const token = await demo.create({ payload: 'hunter2', expire_after_duration: '1', files: file() });
    const kept = await demo.stored(token);
    demo.clock.now += 15 * MINUTE;
    expect(await eraseExpiredDemoPushes({ clock: () => demo.clock.now })).toBe(0);
    expect(await demo.stored(token)).toEqual(kept);
    expect(await demo.files(token)).toHaveLength(1);
  });

  it('does not create the demo database where there is none', async () => {
    demo.store.close();
    await deleteDemoData();
    expect(await eraseExpiredDemoPushes()).toBe(0);
    expect(await databaseNames()).not.toContain(DEMO_DB_NAME);
  });
});

describe('deleteDemoData', () => {
  it('deletes the demo database, live pushes and all, even while a demo host has it open', async () => {
    const host = createDemoHost({ pageUrl: (path) => path, clock: () => demo.clock.now });
    demo.store.close();
    // The host opens the database on its first request, as the offscreen document does.
    expect((await host.pageInfo('nothing-here')).live).toBe(false);
    await deleteDemoData();
    expect(await databaseNames()).not.toContain(DEMO_DB_NAME);
  });
});
