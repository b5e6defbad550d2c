import { describe, expect, it } from 'vitest';
import { checkPushLink, isLoopbackHost } from '@/lib/api/link';

const SERVER = { server: 'https://pwpush.example.com/secrets' };
const LOCAL = { server: 'http://127.0.0.1:8787' };
const DEMO = { server: 'https://demo.secret-push.invalid', viewerOrigin: 'chrome-extension://abcdef' };

describe('checkPushLink', () => {
  it.each([
    ['https on the server', SERVER, 'https://pwpush.example.com/p/tok/r'],
    ['https on the server, under its path', SERVER, 'https://pwpush.example.com/secrets/p/tok'],
    ['http on a loopback server', LOCAL, 'http://127.0.0.1:8787/p/tok'],
    ['the demo viewer', DEMO, 'chrome-extension://abcdef/viewer.html#/p/tok/r'],
  ])('accepts %s', (_name, home, link) => {
    expect(checkPushLink(link, home)).toEqual({ ok: true, url: link });
  });

  it.each([
    ['javascript:', SERVER, 'javascript:alert(document.cookie)', 'unsafe-link'],
    ['data:', SERVER, 'data:text/html,<script>alert(1)</script>', 'unsafe-link'],
    ['a relative link', SERVER, '/p/tok', 'unsafe-link'],
    ['not a link at all', SERVER, 'hello', 'unsafe-link'],
    ['credentials in the link', SERVER, 'https://user:pw@pwpush.example.com/p/tok', 'unsafe-link'],
    ['plain http on a non-loopback host', SERVER, 'http://pwpush.example.com/p/tok', 'unsafe-link'],
    ['file:', LOCAL, 'file:///etc/passwd', 'unsafe-link'],
    ['another host', SERVER, 'https://evil.example.net/p/tok', 'host-mismatch'],
    ['another port', SERVER, 'https://pwpush.example.com:8443/p/tok', 'host-mismatch'],
    ['another loopback port', LOCAL, 'http://127.0.0.1:9/p/tok', 'host-mismatch'],
    [
      'the demo service address in demo mode',
      DEMO,
      'https://demo.secret-push.invalid/p/tok',
      'host-mismatch',
    ],
    ['another extension', DEMO, 'chrome-extension://zzz/viewer.html#/p/tok', 'host-mismatch'],
    ['another page of the extension', DEMO, 'chrome-extension://abcdef/options.html', 'host-mismatch'],
    ['data: in demo mode', DEMO, 'data:text/html,x', 'host-mismatch'],
  ])('refuses %s', (_name, home, link, code) => {
    const check = checkPushLink(link, home);
    expect(check).toMatchObject({ ok: false, code });
    if (!check.ok) expect(check.message).not.toBe('');
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['127.0.0.1.example.com', false],
    ['localhost.example.com', false],
    ['10.0.0.1', false],
  ])('%s → %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
