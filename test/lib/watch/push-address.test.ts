import { describe, expect, it } from 'vitest';
import { parsePushHash, pushHash, pushOfNotification, pushPath } from '@/lib/watch/push-address';

const address = { server: 'http://127.0.0.1:8787', url_token: 'abc_12-x' };

describe("a push's own address", () => {
  it('is the dashboard with the server as one segment, and reads back as the same push', () => {
    expect(pushPath(address)).toBe('/dashboard.html#/push/http%3A%2F%2F127.0.0.1%3A8787/abc_12-x');
    expect(parsePushHash(pushHash(address))).toEqual(address);
  });

  it.each([
    '',
    '#/push/',
    '#/push/abc',
    '#/push/a/b/c',
    '#/push/%E0%A4%A/abc',
    '#/push/s/NOT A TOKEN',
    '#/other/a/b',
  ])('names no push in %j', (hash) => {
    expect(parsePushHash(hash)).toBeNull();
  });

  it("is found in a watcher notification's id, except the summing-up one", () => {
    expect(pushOfNotification(`watch:${address.server}|${address.url_token}|audit|3`, 'watch:')).toEqual(
      address,
    );
    expect(pushOfNotification('watch:more|x|y', 'watch:')).toBeNull();
  });
});
