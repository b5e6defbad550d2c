import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keyPath,
  moreNoticeId,
  parsePushHash,
  pushHash,
  pushKey,
  pushOfKey,
  pushOfNotification,
  pushPath,
  watchNoticeId,
} from '@/lib/watch/push-address';
import { sha256 } from '@/lib/watch/push-key';

const address = { server: 'http://127.0.0.1:8787', url_token: 'abc_12-x9q4kz7vlm' };

describe("a push's own address (issue 37: an opaque key)", () => {
  it('is the dashboard with the key alone: neither the token, nor the server, nor a part of either', () => {
    const path = pushPath(address);
    expect(path).toMatch(/^\/dashboard\.html#\/push\/[A-Za-z0-9_-]{22}$/);
    expect(path).not.toContain(address.url_token);
    expect(path).not.toContain('127.0.0.1');
    expect(path).not.toContain(encodeURIComponent(address.server));
    // No 6 characters of the token in a row, anywhere in the key.
    const key = pushKey(address);
    for (let i = 0; i + 6 <= address.url_token.length; i++)
      expect(key).not.toContain(address.url_token.slice(i, i + 6));
  });

  it('is stable: the same push gives the same key, in every context that computes it', () => {
    expect(pushKey({ ...address })).toBe(pushKey(address));
    // SHA-256 of "<server>\n<url_token>", its first 16 bytes in base64url (what any context computes).
    const digest = createHash('sha256').update(`${address.server}\n${address.url_token}`).digest();
    expect(pushKey(address)).toBe(digest.subarray(0, 16).toString('base64url'));
  });

  it('tells pushes apart by token and by server', () => {
    const keys = new Set([
      pushKey(address),
      pushKey({ ...address, url_token: 'abc_12-x9q4kz7vln' }),
      pushKey({ ...address, server: 'http://127.0.0.1:8788' }),
      // The separator keeps "<server>" + "<token>" from reading as another split of the same characters.
      pushKey({ server: 'http://127.0.0.1:878', url_token: '7abc_12-x9q4kz7vlm' }),
    ]);
    expect(keys.size).toBe(4);
  });

  it('reads back as the key, which resolves to its push among the listed ones', () => {
    const other = { server: address.server, url_token: 'zzzzzzzzzzzz' };
    const key = parsePushHash(pushHash(address));
    expect(key).toBe(pushKey(address));
    expect(pushOfKey(key, [other, address])).toBe(address);
    expect(pushOfKey(key, [other])).toBeUndefined();
    expect(pushOfKey(null, [address])).toBeUndefined();
    expect(keyPath(key!)).toBe(pushPath(address));
  });

  it.each([
    '',
    '#/push/',
    '#/push/abc',
    '#/push/a/b/c',
    '#/push/%E0%A4%A/abc',
    '#/push/s/NOT A TOKEN',
    '#/other/a/b',
    // The earlier form, server and token: it names no push any more.
    `#/push/${encodeURIComponent('http://127.0.0.1:8787')}/abc_12-x`,
    `#/push/${'a'.repeat(23)}`,
  ])('names no push in %j', (hash) => {
    expect(parsePushHash(hash)).toBeNull();
  });
});

describe("a watcher notification's id", () => {
  const event = { ...address, id: `${address.server}|${address.url_token}|audit|3` };

  it("holds the push's key, not its token or server, and is the same for the same event", () => {
    const id = watchNoticeId('watch:', event);
    expect(id.startsWith('watch:')).toBe(true);
    expect(id).not.toContain(address.url_token);
    expect(id).not.toContain('127.0.0.1');
    expect(watchNoticeId('watch:', { ...event })).toBe(id);
    expect(watchNoticeId('watch:', { ...event, id: `${event.id}0` })).not.toBe(id);
    expect(pushOfNotification(id, 'watch:')).toBe(pushKey(address));
  });

  it('names no push for the summing-up one, which holds no token either', () => {
    const id = moreNoticeId('watch:', event);
    expect(id).not.toContain(address.url_token);
    expect(pushOfNotification(id, 'watch:')).toBeNull();
  });
});

describe('sha256', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])('matches node:crypto for %i bytes', (length) => {
    const data = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
    expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });
});
