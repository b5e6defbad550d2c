/** File downloads' hardening (issue 9, §12): a sandbox CSP beside attachment and nosniff; dot-only names. */
import { describe, expect, it } from 'vitest';
import { ALICE, EDITIONS, multipart, startTestHost } from './helpers';

describe.each(EDITIONS)('downloads (%s)', (edition) => {
  async function filePush(names: string[]) {
    const t = await startTestHost(edition);
    const files = names.map((name, i) => ({
      name,
      type: 'text/html',
      data: new TextEncoder().encode(`<b>${i}</b>`),
    }));
    const created = await t.call('POST', '/api/v2/pushes', {
      token: ALICE.token,
      body: multipart({ kind: 'file' }, files),
    });
    expect(created.status).toBe(201);
    return (await t.retrieve(created.body.url_token)).body.files as Array<{ filename: string; url: string }>;
  }

  it('serve each file sandboxed, as an attachment, never sniffed', async () => {
    const [file] = await filePush(['page.html']);
    const response = await fetch(file!.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([['..'], ['.'], ['...']])('give a file named %j a link that works', async (name) => {
    const [file] = await filePush([name]);
    expect(file!.filename).toBe(name);
    const response = await fetch(file!.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<b>0</b>');
    expect(response.headers.get('content-disposition')).toContain(`filename="${name}"`);
  });
});
