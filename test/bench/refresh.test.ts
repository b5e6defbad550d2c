/** The watcher bench's host keeps owners' lists between writes: it must answer as the plain store does. */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { listsKept } from './refresh';

const USER = { email: 'kept@example.com', token: 'kept-token-0123456789' };
const BASE = 'http://mock.test';

describe('listsKept', () => {
  it('lists every write at once: a create, a view, a deletion', async () => {
    const store = await openMockStore({ indexedDB: new IDBFactory() });
    let reads = 0;
    const counted = { ...store, db: store.db, pushesOf: (owner: string) => (reads++, store.pushesOf(owner)) };
    const backend = createMockBackend({
      store: listsKept(counted),
      baseUrl: BASE,
      users: [USER],
      rateLimit: 0,
    });
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      backend(new Request(input, init), { ip: '192.0.2.1' })) as typeof globalThis.fetch;
    const owner = createApiClient({ baseUrl: BASE, token: USER.token, fetch });
    const tokens = async () => (await owner.activePage(1)).items.map((push) => push.url_token);

    const first = (await owner.createPush({ payload: 'one', expire_after_views: 2 })).push;
    expect(await tokens()).toEqual([first.url_token]);
    const second = (await owner.createPush({ payload: 'two' })).push;
    expect(await tokens()).toEqual([second.url_token, first.url_token]);
    const before = reads;
    await owner.activePage(1);
    expect(reads).toBe(before); // nothing written since: the kept list answered

    await createApiClient({ baseUrl: BASE, fetch }).retrievePush(first.url_token);
    expect((await owner.activePage(1)).items.find((p) => p.url_token === first.url_token)).toMatchObject({
      views_remaining: 1,
    });
    await owner.deletePush(second.url_token);
    expect(await tokens()).toEqual([first.url_token]);
  });
});
