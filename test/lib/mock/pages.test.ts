import { describe, expect, it } from 'vitest';
import { ALICE, body, harness, type Harness } from './helpers';

const form = (fields: Record<string, string> = {}) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

async function kinds(h: Harness, token: string): Promise<string[]> {
  const logs = (await body(await h.call('GET', `/api/v2/pushes/${token}/audit`, { token: ALICE.token })))
    .logs;
  return (logs as { kind: string }[]).map((l) => l.kind);
}

describe('recipient page', () => {
  it('shows the retrieval step without counting, and counts one view on reveal', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: '<b>s3cret</b>', expire_after_views: 3 });
    const token = push.url_token as string;
    expect(push.html_url).toBe(`http://mock.test/p/${token}/r`);
    const step = await h.call('GET', `/p/${token}/r`);
    expect(step.status).toBe(200);
    const stepHtml = await step.text();
    expect(stepHtml).toContain('Reveal secret');
    expect(stepHtml).not.toContain('s3cret');
    expect(await kinds(h, token)).toEqual(['creation']);

    const revealed = await h.call('POST', `/p/${token}`, form());
    const html = await revealed.text();
    // Escaped, and shown with its digits and symbols coloured (issue 20): without the colours, the text.
    expect(html).not.toContain('<b>s3cret');
    expect(html.replace(/<\/?span[^>]*>/g, '')).toContain('&lt;b&gt;s3cret&lt;/b&gt;');
    expect(html).toContain('<span class="ch-symbol">&lt;/</span>');
    expect(html).toContain('Delete this secret');
    expect(await kinds(h, token)).toEqual(['creation', 'view']);
  });

  it('sends the privacy headers and a strict CSP', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x' });
    const response = await h.call('GET', `/p/${push.url_token as string}/r`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
  });

  it('asks for the passphrase, logs a wrong one and reveals on the right one', async () => {
    const h = await harness('oss');
    const push = await h.createPush({ payload: 'behind', passphrase: 'pw', retrieval_step: false });
    const token = push.url_token as string;
    const prompt = await (await h.call('GET', `/p/${token}`)).text();
    expect(prompt).toContain('<label for="passphrase">Passphrase</label>');
    expect(prompt).not.toContain('behind');
    const wrong = await (await h.call('POST', `/p/${token}`, form({ passphrase: 'no' }))).text();
    expect(wrong).toContain('That passphrase is incorrect.');
    const right = await (await h.call('POST', `/p/${token}`, form({ passphrase: 'pw' }))).text();
    expect(right).toContain('behind');
    expect(await kinds(h, token)).toEqual(['creation', 'failed_passphrase', 'view']);
  });

  it('deletes from the page when deletable by viewers, like DELETE', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x' });
    const token = push.url_token as string;
    const deleted = await h.call('POST', `/p/${token}/delete`);
    expect(await deleted.text()).toContain('This secret has been deleted');
    const shown = await body(await h.call('GET', `/api/v2/pushes/${token}`));
    expect(shown).toMatchObject({ expired: true, deleted: true, payload: null });
    expect(await kinds(h, token)).toEqual(['creation', 'expire', 'failed_view']);
  });

  it('refuses the delete button when the push is not deletable by viewers', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x', deletable_by_viewer: false });
    const token = push.url_token as string;
    expect((await h.call('POST', `/p/${token}/delete`)).status).toBe(401);
    expect((await h.call('POST', `/p/${token}`, form())).status).toBe(200);
    expect(await (await h.call('POST', `/p/${token}`, form())).text()).not.toContain('Delete this secret');
  });

  it('shows an expired page (200) and a not-found page (404)', async () => {
    const h = await harness('pro');
    const push = await h.createPush({ payload: 'x', expire_after_views: 1 });
    const token = push.url_token as string;
    await h.call('GET', `/api/v2/pushes/${token}`);
    const expired = await h.call('GET', `/p/${token}/r`);
    expect(expired.status).toBe(200);
    expect(await expired.text()).toContain('This secret has expired');
    expect((await h.call('GET', '/p/doesnotexist')).status).toBe(404);
  });

  it('draws a QR code and links a URL', async () => {
    const h = await harness('pro');
    const qr = await h.createPush({ payload: 'WIFI:S:net;;', kind: 'qr' });
    expect(await (await h.call('GET', `/p/${qr.url_token as string}`)).text()).toContain('<svg');
    const url = await h.createPush({ payload: 'https://example.com/?a=1&b=2', kind: 'url' });
    expect(await (await h.call('GET', `/p/${url.url_token as string}`)).text()).toContain(
      '<a href="https://example.com/?a=1&amp;b=2"',
    );
  });
});

describe('recipient page of an authenticated_recipients push (pro)', () => {
  const CREATED = ['creation', 'creation_email_send'];

  async function authenticated(h: Harness, extra: Record<string, unknown> = {}): Promise<string> {
    const push = await h.createPush({
      payload: 'for carol only',
      authenticated_recipients: true,
      notify_emails_to: 'bob@example.com,carol@example.com',
      ...extra,
    });
    return push.url_token as string;
  }

  it('asks for the address first, says that no code is mailed, and reveals nothing', async () => {
    const h = await harness('pro');
    const token = await authenticated(h, { retrieval_step: false });
    const html = await (await h.call('GET', `/p/${token}`)).text();
    expect(html).toContain('<label for="email">Your e-mail address</label>');
    expect(html).toContain('This mock service sends no code by e-mail');
    expect(html).not.toContain('for carol only');
    const afterStep = await (await h.call('POST', `/p/${token}`, form())).text();
    expect(afterStep).toContain('Your e-mail address');
    expect(afterStep).not.toContain('for carol only');
    expect(await kinds(h, token)).toEqual(CREATED);
  });

  it('refuses an address that is not listed, with a clear message and nothing counted', async () => {
    const h = await harness('pro');
    const token = await authenticated(h);
    const refused = await (
      await h.call('POST', `/p/${token}`, form({ email: 'mallory@example.com' }))
    ).text();
    expect(refused).toContain('That address is not one this secret was shared with.');
    expect(refused).not.toContain('for carol only');
    expect(await kinds(h, token)).toEqual(CREATED);
  });

  it('reveals to a listed address (any case) and counts one view', async () => {
    const h = await harness('pro');
    const token = await authenticated(h);
    const shown = await (await h.call('POST', `/p/${token}`, form({ email: ' Carol@Example.com ' }))).text();
    expect(shown).toContain('for carol only');
    expect(await kinds(h, token)).toEqual([...CREATED, 'view']);
  });

  it('carries the verified address to the passphrase form and checks it again', async () => {
    const h = await harness('pro');
    const token = await authenticated(h, { passphrase: 'pw' });
    const prompt = await (await h.call('POST', `/p/${token}`, form({ email: 'bob@example.com' }))).text();
    expect(prompt).toContain('<input type="hidden" name="email" value="bob@example.com">');
    expect(prompt).toContain('<label for="passphrase">Passphrase</label>');
    const unlisted = await (
      await h.call('POST', `/p/${token}`, form({ email: 'eve@example.com', passphrase: 'pw' }))
    ).text();
    expect(unlisted).not.toContain('for carol only');
    expect(await kinds(h, token)).toEqual(CREATED);
    const shown = await (
      await h.call('POST', `/p/${token}`, form({ email: 'bob@example.com', passphrase: 'pw' }))
    ).text();
    expect(shown).toContain('for carol only');
    expect(await kinds(h, token)).toEqual([...CREATED, 'view']);
  });

  it('answers the same form as JSON for the demo service’s own page', async () => {
    const h = await harness('pro');
    const token = await authenticated(h);
    const accept = { Accept: 'application/json' };
    const refused = await h.call('POST', `/p/${token}`, {
      ...form({ email: 'eve@example.com' }),
      headers: { ...form().headers, ...accept },
    });
    expect(refused.status).toBe(403);
    const shown = await h.call('POST', `/p/${token}`, {
      ...form({ email: 'carol@example.com' }),
      headers: { ...form().headers, ...accept },
    });
    expect(shown.status).toBe(200);
    expect(await body(shown)).toMatchObject({ payload: 'for carol only', views_remaining: 4 });
  });

  it('is an ordinary push on oss, where the flag does not exist', async () => {
    const h = await harness('oss');
    const push = await h.createPush({
      payload: 'plain',
      authenticated_recipients: true,
      retrieval_step: false,
    });
    expect(await (await h.call('GET', `/p/${push.url_token as string}`)).text()).toContain('plain');
  });
});
