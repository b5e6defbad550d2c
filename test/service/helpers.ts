/**
 * Shared helpers for the service tests: start a host on port 0 with a controllable clock and talk to it
 * with real fetch over HTTP.
 */
import { afterEach } from 'vitest';
import { readReply, type Reply } from './http';
import { startMockHost, type MockHost, type MockHostOptions } from '@/lib/mock/host/server';

export { getFrom, readReply, type Reply } from './http';

export type Edition = 'pro' | 'oss';

export const EDITIONS: Edition[] = ['pro', 'oss'];

export const ALICE = { email: 'alice@example.com', token: 'alice-token-0123456789' };
export const BOB = { email: 'bob@example.com', token: 'bob-token-0123456789' };

export const START = Date.parse('2026-01-01T00:00:00.000Z');
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 24 * 60 * MINUTE;

export {
  AUDIT_ENTRY_KEYS,
  DELETED_KEYS,
  OSS_PUSH_KEYS,
  PRO_PUSH_KEYS,
  PUSH_KEYS,
  RETRIEVED_KEYS,
} from '../contract-keys';

export const UNAUTHORIZED_FILE = { error: 'You need to sign in or sign up before continuing.' };
export const NOT_FOUND_TOKEN = { error: 'not-found' };
export const NOT_FOUND_ROUTE = { status: 404, error: 'Not Found' };
export const PASSPHRASE_401 = {
  error: 'That passphrase is incorrect.',
  message: 'This push requires a passphrase.',
  status: 'unauthorized',
};

export interface CallOptions {
  token?: string | null;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** A started host plus a tiny request helper and a clock the test moves. */
export interface TestHost {
  host: MockHost;
  baseUrl: string;
  edition: Edition;
  now: number;
  advance(ms: number): void;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** POST /api/v2/pushes with `{push}` (plus top-level extras), as `token` (default: anonymous). */
  create(
    push: Record<string, unknown>,
    token?: string | null,
    extra?: Record<string, unknown>,
  ): Promise<Reply>;
  /** Creates and asserts 201, returning the push object. */
  push(push: Record<string, unknown>, token?: string | null): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  retrieve(urlToken: string, options?: CallOptions & { passphrase?: string }): Promise<Reply>;
  audit(urlToken: string, token?: string, page?: string): Promise<Reply>;
}

const running: MockHost[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((host) => host.close()));
});

/** Starts a host for one test (closed after it). Rate limiting is off unless the test asks for it. */
export async function startTestHost(
  edition: Edition = 'pro',
  options: Partial<MockHostOptions> = {},
): Promise<TestHost> {
  const state = { now: START };
  const host = await startMockHost({
    port: 0,
    edition,
    users: [ALICE, BOB],
    rateLimit: 0,
    clock: () => state.now,
    ...options,
  });
  running.push(host);
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { 'user-agent': 'service-test/1.0', ...options.headers };
    if (options.token != null) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(host.baseUrl + path, { method, headers, body, redirect: 'manual' });
    return readReply(response);
  };
  const create = (
    push: Record<string, unknown>,
    token?: string | null,
    extra: Record<string, unknown> = {},
  ) => call('POST', '/api/v2/pushes', { token, json: { push, ...extra } });
  const testHost: TestHost = {
    host,
    baseUrl: host.baseUrl,
    edition,
    get now() {
      return state.now;
    },
    advance(ms) {
      state.now += ms;
    },
    call,
    create,
    async push(push, token) {
      const reply = await create(push, token);
      if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
      return reply.body;
    },
    retrieve(urlToken, options = {}) {
      const query =
        options.passphrase === undefined ? '' : `?passphrase=${encodeURIComponent(options.passphrase)}`;
      return call('GET', `/api/v2/pushes/${urlToken}${query}`, options);
    },
    audit(urlToken, token = ALICE.token, page) {
      return call('GET', `/api/v2/pushes/${urlToken}/audit${page === undefined ? '' : `?page=${page}`}`, {
        token,
      });
    },
  };
  return testHost;
}

/** Multipart create body: `push[field]` parts and `push[files][]` files. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; type: string; data: Uint8Array<ArrayBuffer> | string }> = [],
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(`push[${name}]`, value);
  for (const file of files)
    form.append('push[files][]', new Blob([file.data], { type: file.type }), file.name);
  return form;
}

/** The kinds of a push's audit entries, all pages, oldest first. */
export async function auditKinds(t: TestHost, urlToken: string, token = ALICE.token): Promise<string[]> {
  const kinds: string[] = [];
  for (let page = 1; page <= 200; page++) {
    const reply = await t.audit(urlToken, token, String(page));
    if (reply.status !== 200) throw new Error(`audit failed: ${reply.status} ${reply.text}`);
    const logs = reply.body.logs as Array<{ kind: string }>;
    kinds.push(...logs.map((entry) => entry.kind));
    if (logs.length < 50) break;
  }
  return kinds;
}

export const sortedKeys = (object: object) => Object.keys(object).sort();
