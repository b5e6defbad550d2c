import { describe, expect, it } from 'vitest';
import { parseBody } from '@/lib/mock/body';

/** A Request as Firefox ESR 153 has it: no `body` property at all, the bytes only through blob() and co. */
function withoutBodyProperty(request: Request): Request {
  Object.defineProperty(request, 'body', { value: undefined });
  return request;
}

describe('parseBody on a platform without Request.prototype.body (Firefox)', () => {
  it('reads a JSON body through blob()', async () => {
    const request = withoutBodyProperty(
      new Request('http://demo/api/v2/pushes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ push: { payload: 'hunter2' } }),
      }),
    );
    expect(await parseBody(request, 1 << 20)).toEqual({ ok: true, params: { push: { payload: 'hunter2' } } });
  });

  it('reads a multipart body through blob()', async () => {
    const form = new FormData();
    form.append('push[payload]', 'note');
    form.append('push[files][]', new Blob(['bytes']), 'a.txt');
    const request = withoutBodyProperty(
      new Request('http://demo/api/v2/pushes', { method: 'POST', body: form }),
    );
    const result = await parseBody(request, 1 << 20);
    if (!result.ok) throw new Error(`refused with ${result.response.status}`);
    const push = result.params.push as { payload: string; files: File[] };
    expect(push.payload).toBe('note');
    expect(await push.files[0]!.text()).toBe('bytes');
  });

  it('still refuses a body over the limit', async () => {
    const request = withoutBodyProperty(
      new Request('http://demo/api/v2/pushes', { method: 'POST', body: 'x'.repeat(2000) }),
    );
    const result = await parseBody(request, 1000);
    expect(result.ok ? 200 : result.response.status).toBe(413);
  });
});
