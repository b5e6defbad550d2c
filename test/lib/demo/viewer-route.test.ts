import { describe, expect, it } from 'vitest';
import { demoUrlForLink, parseViewerHash } from '@/lib/demo/viewer-route';
import { attachmentName } from '@/lib/demo/download';
import { DEMO_BASE_URL } from '@/lib/demo/constants';

describe('parseViewerHash', () => {
  it.each([
    ['#/p/abc_DEF-1', { kind: 'push', urlToken: 'abc_DEF-1', retrievalStep: false }],
    ['#/p/abc/r', { kind: 'push', urlToken: 'abc', retrievalStep: true }],
    ['/p/abc/', { kind: 'push', urlToken: 'abc', retrievalStep: false }],
    ['#/f/xyz/report.pdf', { kind: 'file', path: '/f/xyz/report.pdf' }],
    ['#/api/v2/pushes/abc.json', { kind: 'invalid' }],
    ['#/p/abc/extra', { kind: 'invalid' }],
    ['#//evil.example/x', { kind: 'invalid' }],
    ['', { kind: 'invalid' }],
  ])('reads %j', (hash, route) => {
    expect(parseViewerHash(hash)).toEqual(route);
  });
});

describe('demoUrlForLink', () => {
  const viewer = 'chrome-extension://id/viewer.html';
  it('turns a viewer link into the demo-service URL of its path', () => {
    expect(demoUrlForLink(`${viewer}#/f/abc/a.bin`, viewer)).toBe(`${DEMO_BASE_URL}/f/abc/a.bin`);
  });
  it('keeps a link on the demo service', () => {
    expect(demoUrlForLink(`${DEMO_BASE_URL}/f/abc`, viewer)).toBe(`${DEMO_BASE_URL}/f/abc`);
  });
  it('refuses any other link', () => {
    expect(demoUrlForLink('https://example.com/f/abc', viewer)).toBeNull();
  });
});

describe('attachmentName', () => {
  it.each([
    ['attachment; filename="a b.txt"', 'a b.txt'],
    ['attachment; filename=plain.bin', 'plain.bin'],
    [`attachment; filename="x.txt"; filename*=UTF-8''%C3%A9t%C3%A9.txt`, 'été.txt'],
    [`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback'],
    [null, 'fallback'],
  ])('reads %j', (header, name) => {
    expect(attachmentName(header, 'fallback')).toBe(name);
  });
});
