/** Builds an in-process mock service with a fresh fake IndexedDB and a clock the test moves. */
import { IDBFactory } from 'fake-indexeddb';
import {
  createMockBackend,
  openMockStore,
  type Edition,
  type MockBackendOptions,
  type MockStore,
} from '@/lib/mock';

export const BASE = 'http://mock.test';
export const ALICE = { email: 'alice@example.com', token: 'alice-token' };
export const BOB = { email: 'bob@example.com', token: 'bob-token' };
export const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
export const MINUTE = 60_000;
export const DAY = 86_400_000;

export interface Harness {
  store: MockStore;
  factory: IDBFactory;
  clock: { now: number };
  call(method: string, path: string, init?: CallInit): Promise<Response>;
  /** POST /api/v2/pushes with a JSON body; returns the parsed Push. */
  createPush(push: Record<string, unknown>, token?: string | null): Promise<Record<string, unknown>>;
}

export interface CallInit {
  token?: string | null;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
}

export async function harness(
  edition: Edition = 'pro',
  extra: Partial<MockBackendOptions> = {},
): Promise<Harness> {
  const factory = new IDBFactory();
  const store = await openMockStore({ indexedDB: factory });
  const clock = { now: T0 };
  const handler = createMockBackend({
    store,
    baseUrl: BASE,
    edition,
    users: [ALICE, BOB],
    clock: () => clock.now,
    ...extra,
  });
  const call = (method: string, path: string, init: CallInit = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return handler(new Request(BASE + path, { method, headers, body }), { ip: init.ip });
  };
  const createPush = async (push: Record<string, unknown>, token: string | null = ALICE.token) => {
    const response = await call('POST', '/api/v2/pushes', { token, json: { push } });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return { store, factory, clock, call, createPush };
}

/** Reads every record of a store straight from IndexedDB, without the mock's code. */
export function rawRecords(factory: IDBFactory, storeName: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const open = factory.open('secret-push-mock');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction(storeName).objectStore(storeName).getAll();
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        db.close();
        resolve(request.result as unknown[]);
      };
    };
  });
}

export async function body(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}
