import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import type { Edition } from '@/lib/api';
import {
  auditSchema,
  ossDeletedPushSchema,
  ossPushSchema,
  ossRetrievedPushSchema,
  proPushSchema,
  proRetrievedPushSchema,
  versionSchema,
} from '@/lib/api/schemas';
import {
  AUDIT_ENTRY_KEYS as AUDIT_ENTRY,
  OSS_PUSH_KEYS as OSS_PUSH,
  PRO_PUSH_KEYS as PRO_PUSH,
} from '../../contract-keys';
import { ALICE, BASE, errorOf, harness, type Harness } from './harness';

/**
 * Every view of the real mock, in both editions, against the strict schema of its edition: the key sets
 * below are copied from docs/api-contract.md §4, not from the schemas, so a schema that forgets or relaxes
 * a field of the contract fails here.
 */

const without = (keys: string[], ...gone: string[]) => keys.filter((key) => !gone.includes(key));
const SECRET = ['payload', 'files'];

const KEYS = {
  pro: {
    push: PRO_PUSH,
    deleted: PRO_PUSH,
    retrieved: [...without(PRO_PUSH, 'account_id', 'name', 'note', 'notify_emails_to'), ...SECRET],
    createWithNotify: PRO_PUSH,
  },
  oss: {
    push: OSS_PUSH,
    deleted: without(OSS_PUSH, 'name', 'note'),
    retrieved: [...without(OSS_PUSH, 'name', 'note'), ...SECRET],
    createWithNotify: [...OSS_PUSH, 'notify_emails_to', 'notify_emails_to_locale'],
  },
};
const SCHEMAS = {
  pro: { push: proPushSchema, deleted: proPushSchema, retrieved: proRetrievedPushSchema },
  oss: { push: ossPushSchema, deleted: ossDeletedPushSchema, retrieved: ossRetrievedPushSchema },
};
const VERSION = ['api_version', 'application_version', 'edition', 'features'];

type Json = Record<string, unknown>;
const sorted = (keys: string[]) => [...keys].sort();

/** One raw request to the mock: its status and parsed JSON, as the wire has it. */
async function raw(h: Harness, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await h.fetch(`${BASE}/api/v2${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

/** Every view of the mock in one edition, raw. */
async function views(edition: Edition) {
  const h = await harness(edition);
  const create = async (push: Json) => {
    const { status, json } = await raw(h, 'POST', '/pushes', ALICE.token, { push });
    expect(status).toBe(201);
    return json as Json;
  };
  const created = await create({ payload: 'one', passphrase: 'pw', expire_after_views: 1 });
  const notified = await create({ payload: 'two', notify_emails_to: 'bob@example.com' });
  const files = await create({ payload: 'three' });
  const token = (push: Json) => push.url_token as string;

  const retrieved = await raw(h, 'GET', `/pushes/${token(created)}?passphrase=pw`);
  const expiredRetrieval = await raw(h, 'GET', `/pushes/${token(created)}?passphrase=pw`);
  const deletedByOwner = await raw(h, 'DELETE', `/pushes/${token(notified)}`, ALICE.token);
  const deletedByViewer = await raw(h, 'DELETE', `/pushes/${token(files)}`);
  const active = await raw(h, 'GET', '/pushes/active', ALICE.token);
  const expired = await raw(h, 'GET', '/pushes/expired', ALICE.token);
  const audit = await raw(h, 'GET', `/pushes/${token(notified)}/audit`, ALICE.token);
  const version = await raw(h, 'GET', '/version');
  for (const answer of [
    retrieved,
    expiredRetrieval,
    deletedByOwner,
    deletedByViewer,
    active,
    expired,
    audit,
    version,
  ])
    expect(answer.status).toBe(200);
  return {
    creates: [created, files],
    createWithNotify: notified,
    retrieved: [retrieved.json as Json, expiredRetrieval.json as Json],
    deleted: [deletedByOwner.json as Json, deletedByViewer.json as Json],
    lists: [...(active.json as Json[]), ...(expired.json as Json[])],
    audit: audit.json as { logs: Json[] },
    version: version.json as Json,
  };
}

function expectView(schema: z.ZodMiniType, view: Json, keys: string[]) {
  expect(sorted(Object.keys(view))).toEqual(sorted(keys));
  const parsed = schema.safeParse(view);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(view);
}

describe.each(['pro', 'oss'] as const)('every %s view of the mock', (edition) => {
  it('has the contract’s exact keys and passes the strict schema of its edition', async () => {
    const v = await views(edition);
    const keys = KEYS[edition];
    const schemas = SCHEMAS[edition];
    for (const push of v.creates) expectView(schemas.push, push, keys.push);
    expectView(schemas.push, v.createWithNotify, keys.createWithNotify);
    for (const push of v.retrieved) expectView(schemas.retrieved, push, keys.retrieved);
    expect(v.retrieved[1]).toMatchObject({ expired: true, payload: null, files: [] });
    for (const push of v.deleted) expectView(schemas.deleted, push, keys.deleted);
    expect(v.lists.length).toBe(3);
    for (const push of v.lists) expectView(schemas.push, push, keys.push);

    expect(auditSchema.parse(v.audit)).toEqual(v.audit);
    const kinds = v.audit.logs.map((entry) => entry.kind);
    expect(kinds).toEqual(['creation', 'creation_email_send', 'expire']);
    for (const entry of v.audit.logs) {
      const extra = entry.kind === 'creation_email_send' ? ['notify_by_email'] : [];
      expect(sorted(Object.keys(entry))).toEqual(sorted([...AUDIT_ENTRY, ...extra]));
    }
    expect(sorted(Object.keys(v.version))).toEqual(VERSION);
    expect(versionSchema.parse(v.version)).toEqual(v.version);
  });

  it('fails a view that misses any key of the contract, or has one mistyped', async () => {
    const v = await views(edition);
    const keys = KEYS[edition];
    const schemas = SCHEMAS[edition];
    const samples: Array<[z.ZodMiniType, Json, string[]]> = [
      [schemas.push, v.creates[0]!, keys.push],
      [schemas.retrieved, v.retrieved[0]!, keys.retrieved],
      [schemas.deleted, v.deleted[0]!, keys.deleted],
    ];
    for (const [schema, view, required] of samples) {
      for (const key of required) {
        const { [key]: _gone, ...rest } = view;
        expect(schema.safeParse(rest).success, `without ${key}`).toBe(false);
        expect(schema.safeParse({ ...view, [key]: { wrong: 'type' } }).success, `mistyped ${key}`).toBe(
          false,
        );
      }
    }
  });

  it('tolerates keys a newer server adds, and drops them', async () => {
    const v = await views(edition);
    const parsed = SCHEMAS[edition].push.parse({ ...v.creates[0], views_total: 3 }) as Json;
    expect(parsed).not.toHaveProperty('views_total');
  });
});

describe('the client validates with the schema of the edition it detected', () => {
  /** The mock's answers to `path`, with `keys` removed from the JSON pushes in them. */
  function stripping(h: Harness, pathEnd: string, ...keys: string[]) {
    h.tamper(async (request, forward) => {
      const response = await forward(request);
      if (!new URL(request.url).pathname.endsWith(pathEnd)) return response;
      const body = (await response.json()) as Json | Json[];
      const strip = (push: Json) =>
        Object.fromEntries(Object.entries(push).filter(([k]) => !keys.includes(k)));
      const changed = Array.isArray(body) ? body.map(strip) : strip(body);
      return new Response(JSON.stringify(changed), { status: response.status, headers: response.headers });
    });
  }

  it.each(['expires_at', 'expire_after_duration', 'account_id'])(
    'reads a pro create without %s as bad-response',
    async (key) => {
      const h = await harness('pro');
      stripping(h, '/api/v2/pushes', key);
      const error = await errorOf(h.client(ALICE.token).createPush({ payload: 'x' }));
      expect(error).toMatchObject({ code: 'bad-response' });
      expect(error.message).toContain(key);
    },
  );

  it('reads a pro list without expires_in as bad-response once the edition is known', async () => {
    const h = await harness('pro');
    const client = h.client(ALICE.token);
    await client.createPush({ payload: 'x' });
    stripping(h, '/api/v2/pushes/active', 'expires_in');
    expect(await errorOf(client.activePage())).toMatchObject({ code: 'bad-response' });
  });

  it('reads a pro retrieval (with a passphrase, so the edition is read) without expires_at as bad-response', async () => {
    const h = await harness('pro');
    const { push } = await h.client(ALICE.token).createPush({ payload: 'x', passphrase: 'pw' });
    const recipient = h.client();
    stripping(h, `/api/v2/pushes/${push.url_token}`, 'expires_at');
    expect(await errorOf(recipient.retrievePush(push.url_token, { passphrase: 'pw' }))).toMatchObject({
      code: 'bad-response',
    });
  });

  it('reads an oss list without name as bad-response, and accepts a full oss one', async () => {
    const h = await harness('oss');
    const client = h.client(ALICE.token);
    await client.createPush({ payload: 'x' });
    expect((await client.activePage()).items).toHaveLength(1);
    stripping(h, '/api/v2/pushes/active', 'name');
    expect(await errorOf(client.activePage())).toMatchObject({ code: 'bad-response' });
  });

  it('accepts the full views of both editions through the client', async () => {
    for (const edition of ['pro', 'oss'] as const) {
      const h = await harness(edition);
      const owner = h.client(ALICE.token);
      const { push } = await owner.createPush({ payload: 'x', passphrase: 'pw', expire_after_views: 2 });
      expect((await h.client().retrievePush(push.url_token, { passphrase: 'pw' })).payload).toBe('x');
      expect((await owner.activeAll()).map((p) => p.url_token)).toEqual([push.url_token]);
      expect((await owner.deletePush(push.url_token)).deleted).toBe(true);
      expect((await owner.expiredAll()).map((p) => p.url_token)).toEqual([push.url_token]);
    }
  });
});
