/**
 * The Node host of the mock service: one HTTP server, one private fake-indexeddb database, one engine.
 * Used by `npm run server` (cli.ts) and by the service and e2e tests (port 0).
 */
import * as fakeIndexedDB from 'fake-indexeddb';
import { createMockBackend, openMockStore, type Edition, type MockUser } from '../index';
import { listenHttp, type HostLimits } from './http-host';

const IDB_CLASSES = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
] as const;

/**
 * Node has no IndexedDB, and `idb` recognises requests and transactions by `instanceof` against the global
 * IDB classes. Provide fake-indexeddb's classes where none exist; the database itself stays per host (no
 * global `indexedDB` is set).
 */
function provideIdbClasses(): void {
  const scope = globalThis as Record<string, unknown>;
  for (const name of IDB_CLASSES) scope[name] ??= fakeIndexedDB[name];
}

export interface MockHostOptions extends Partial<HostLimits> {
  /** Default 8787; 0 picks a free port (read it from `baseUrl`). */
  port?: number;
  /** Default '127.0.0.1'. */
  hostname?: string;
  edition?: Edition;
  users?: MockUser[];
  /** Requests per minute per client address; 0 turns the limit off; default (engine) 120. */
  rateLimit?: number;
  /** Request bodies above this many bytes get 413; default 64 MiB. */
  maxBodyBytes?: number;
  /** The most file bytes kept at once; a file push past it gets the real server's 500. Default 512 MiB. */
  maxStoredBytes?: number;
  /** ms since epoch; default Date.now. Lets tests move time forward. */
  clock?: () => number;
  /** Where handler failures are reported; default console.error. */
  logError?: (line: string) => void;
}

export interface MockHost {
  baseUrl: string;
  users: MockUser[];
  close(): Promise<void>;
}

/** What the Node host keeps of uploaded files at most, unless told otherwise (README, reliability). */
export const DEFAULT_MAX_STORED_BYTES = 512 * 1024 * 1024;

/** Starts the mock service over HTTP. Each host has its own in-memory database, so hosts never share data. */
export async function startMockHost(options: MockHostOptions = {}): Promise<MockHost> {
  const users = options.users ?? [];
  provideIdbClasses();
  const { users: _, edition, clock, rateLimit, maxStoredBytes, ...hostOptions } = options;
  const http = await listenHttp(hostOptions);
  try {
    const store = await openMockStore({ indexedDB: new fakeIndexedDB.IDBFactory() });
    http.serve(
      createMockBackend({
        store,
        baseUrl: http.baseUrl,
        edition,
        users,
        clock,
        rateLimit,
        maxBodyBytes: options.maxBodyBytes,
        maxStoredBytes: maxStoredBytes ?? DEFAULT_MAX_STORED_BYTES,
        logError: options.logError,
      }),
    );
  } catch (error) {
    await http.close();
    throw error;
  }
  return { baseUrl: http.baseUrl, users, close: () => http.close() };
}
