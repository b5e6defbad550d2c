/**
 * The recipient page over real HTTP: a view is counted only once the page can really show the secret, and
 * a reveal post the server cannot read is refused before anything is counted.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, EDITIONS, auditKinds, startTestHost, type TestHost } from './helpers';

const page = (t: TestHost, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
  t.call(init.body === undefined ? 'GET' : 'POST', path, init);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

describe.each(EDITIONS)('a qr push too big for a QR code (%s)', (edition) => {
  it.each([
    ['1,024 emoji', '😀'.repeat(1024)],
    ['800 CJK characters', '秘密'.repeat(400)],
  ])('%s: 200, the text with a note, the one view counted once', async (_label, payload) => {
    const t = await startTestHost(edition);
    const push = await t.push(
      { kind: 'qr', payload, expire_after_views: 1, retrieval_step: false },
      ALICE.token,
    );
    const shown = await page(t, `/p/${push.url_token}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`<pre aria-label="Secret">${escapeHtml(payload)}</pre>`);
    expect(shown.text).toContain('too long to draw as a QR code');
    expect(shown.text).not.toContain('<svg');
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'view']);
  });

  it('through the retrieval step too (POST /p/:token)', async () => {
    const t = await startTestHost(edition);
    const payload = '漢'.repeat(800);
    const push = await t.push({ kind: 'qr', payload, expire_after_views: 1 }, ALICE.token);
    const shown = await page(t, `/p/${push.url_token}`, {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(payload);
    expect(await auditKinds(t, push.url_token)).toEqual(['creation', 'view']);
  });

  it('a payload that fits still gets its QR code', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ kind: 'qr', payload: 'q'.repeat(1024), retrieval_step: false }, ALICE.token);
    const shown = await page(t, `/p/${push.url_token}`);
    expect(shown.text).toContain('<svg');
    expect(shown.text).not.toContain('too long to draw as a QR code');
  });
});

/** A request body that arrives in chunks, without a Content-Length. */
function chunked(parts: number, part: string): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < parts) controller.enqueue(new TextEncoder().encode(part));
      else controller.close();
    },
  });
}

describe.each(EDITIONS)('a reveal post the server cannot read (%s)', (edition) => {
  const paths = (token: string) => [`/p/${token}`, `/p/${token}/r`];

  it('a chunked body above maxBodyBytes → the 413 page, no view and no attempt counted', async () => {
    const t = await startTestHost(edition, { maxBodyBytes: 2048 });
    const push = await t.push({ payload: 'kept', passphrase: 'pw', expire_after_views: 1 }, ALICE.token);
    for (const path of paths(push.url_token)) {
      const response = await fetch(t.baseUrl + path, {
        method: 'POST',
        body: chunked(50, `passphrase=pw&x=${'y'.repeat(1000)}`),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        duplex: 'half',
      } as RequestInit & { duplex: 'half' });
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain('no view was counted');
      expect(html).not.toContain('kept');
    }
    expect(await auditKinds(t, push.url_token)).toEqual(['creation']);
    expect((await t.retrieve(push.url_token, { passphrase: 'pw' })).body.payload).toBe('kept');
  });

  it.each([
    [
      'broken multipart',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="passphrase"\r\n\r\npw',
    ],
    ['multipart without a boundary', 'multipart/form-data', 'passphrase=pw'],
    ['a malformed %-escape', 'application/x-www-form-urlencoded', 'passphrase=pw&note=%zz'],
    ['malformed JSON', 'application/json', '{"passphrase":"pw"'],
  ])('%s → the 400 page, no view counted', async (_label, contentType, text) => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'kept', expire_after_views: 1 }, ALICE.token);
    for (const path of paths(push.url_token)) {
      const reply = await page(t, path, { body: text, headers: { 'content-type': contentType } });
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(reply.text).toContain('no view was counted');
      expect(reply.text).not.toContain('kept');
    }
    expect(await auditKinds(t, push.url_token)).toEqual(['creation']);
    expect((await t.retrieve(push.url_token)).body.payload).toBe('kept');
  });

  it('the demo viewer (Accept: application/json) gets the JSON 400 instead', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'kept', expire_after_views: 1 }, ALICE.token);
    const reply = await page(t, `/p/${push.url_token}`, {
      body: '{"passphrase":',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 400, error: 'Bad Request' });
    expect(await auditKinds(t, push.url_token)).toEqual(['creation']);
  });
});

describe.each(EDITIONS)('a password on the recipient page (%s)', (edition) => {
  it('is spelled out with what each character is in words, not by colour alone', async () => {
    const t = await startTestHost(edition);
    const push = await t.push({ payload: 'Il1!', expire_after_views: 1, retrieval_step: false }, ALICE.token);
    const shown = await page(t, `/p/${push.url_token}`);
    expect(shown.status).toBe(200);
    const items = [...shown.text.matchAll(/<li class="ch-\w+"><b>(.+?)<\/b><span>(\w+)<\/span>/g)];
    expect(items.map(([, char, kind]) => `${char} ${kind}`)).toEqual([
      'I capital',
      'l small',
      '1 digit',
      '! symbol',
    ]);
  });
});
