/**
 * createAndRecord (lib/connection/client.ts), the one order after a create for the popup and quick push:
 * create, check the link, then the caller's record, started before the link can be used. The real client
 * against the in-process mock (harness).
 */
import { describe, expect, it } from 'vitest';
import { createAndRecord, type CreatedPush } from '@/lib/connection';
import { ALICE, BASE, harness } from '../api/harness';

describe('createAndRecord', () => {
  it('hands the new push, its server and its link verdict to the record step before it answers, without waiting for that step', async () => {
    const h = await harness('pro');
    const handed: CreatedPush[] = [];
    const never = new Promise<void>(() => {});
    const sent = await createAndRecord(
      h.client(ALICE.token),
      { kind: 'text', payload: 'a secret' },
      (created) => {
        handed.push(created);
        return never; // a record that never ends holds nothing back
      },
    );
    expect(handed).toEqual([{ push: sent.push, server: BASE, link: { ok: true, url: sent.push.html_url } }]);
    expect(sent.recorded).toBe(never);
    expect(sent.link).toEqual({ ok: true, url: sent.push.html_url });
    expect(JSON.stringify(handed)).not.toContain('a secret');
  });

  it('gives the record step the verdict on a link that points elsewhere, never a passed one', async () => {
    const h = await harness('pro');
    h.tamper(async (request, forward) => {
      const answer = await forward(request);
      if (request.method !== 'POST') return answer;
      const body = await answer.json();
      const html_url = String(body.html_url).replace(BASE, 'https://evil.example');
      return Response.json({ ...body, html_url }, { status: answer.status });
    });
    const handed: CreatedPush[] = [];
    await createAndRecord(h.client(ALICE.token), { kind: 'text', payload: 'a secret' }, (created) =>
      handed.push(created),
    );
    expect(handed[0]?.link).toMatchObject({ ok: false, code: 'host-mismatch' });
  });

  it('records nothing when the create fails', async () => {
    const h = await harness('pro');
    h.tamper(async (request, forward) =>
      request.method === 'POST' ? new Response('{}', { status: 500 }) : forward(request),
    );
    const handed: CreatedPush[] = [];
    const failed = createAndRecord(h.client(ALICE.token), { kind: 'text', payload: 'x' }, (created) =>
      handed.push(created),
    );
    await expect(failed).rejects.toBeDefined();
    expect(handed).toEqual([]);
  });
});
