import { describe, expect, it } from 'vitest';
import { demoUrlForLink, parseViewerHash } from '@/lib/demo/viewer-route';
import { attachmentName } from '@/lib/demo/download';
import { DEMO_BASE_URL } from '@/lib/demo/constants';

describe('parseViewerHash', () => {
  it.each([
    ['#/p/abc_DEF-1', { kind: 'push', urlToken: 'abc_DEF-1', retrievalStep: false }],
    ['#/p/abc/r', { kind: 'push', urlToken: 'abc', retrievalStep: true }],
    ['/p/abc/', { kind: 'push', urlToken: 'abc', retrievalStep: false }],
    ['#/downloads/xyz/report.pdf', { kind: 'file', path: '/downloads/xyz/report.pdf', name: 'report.pdf' }],
    [
      '#/downloads/xyz/a%20b%C3%A9.txt',
      { kind: 'file', path: '/downloads/xyz/a%20b%C3%A9.txt', name: 'a bé.txt' },
    ],
    ['#/downloads/xyz', { kind: 'file', path: '/downloads/xyz', name: 'download' }],
    ['#/downloads/xyz/%2E%2E', { kind: 'file', path: '/downloads/xyz', name: '..' }],
    ['#/x/../p/abc/r', { kind: 'push', urlToken: 'abc', retrievalStep: true }],
    ['#/api/v2/pushes/abc.json', { kind: 'invalid' }],
    ['#/p/abc/extra', { kind: 'invalid' }],
    ['#//evil.example/x', { kind: 'invalid' }],
    ['', { kind: 'invalid' }],
  ])('reads %j', (hash, route) => {
    expect(parseViewerHash(hash)).toEqual(route);
  });

  // Each of these reached the file route (and so the service's API, or a crash) before the guard normalised.
  it.each([
    '#/./api/v2/pushes/T',
    '#/x/../api/v2/pushes/T',
    '#/x/../api/v2/pushes/T.json',
    '#/%2e/api/v2/pushes/T',
    '#/%2E%2E/api/v2/pushes/T',
    '#/x/%2e%2e/api/v2/pushes/T',
    '#/p/T/../../api/v2/pushes/T',
    '#/downloads/id/../../api/v2/pushes/T',
    '#/downloads/%2e%2e/api/v2/pushes/T',
    '#/x/..%2f..%2fapi%2fv2%2fpushes%2fT',
    '#/api%2Fv2%2Fpushes%2FT',
    '#/x%5C..%5Capi/v2/pushes/T',
    '#/x\\..\\api/v2/pushes/T',
    '#/P/T',
    '#/x/%E0%A4%A',
    '#/downloads/abc/%E0%A4%A',
    '#/downloads/abc/name/extra',
    '#/pushes/T',
  ])('refuses %j', (hash) => {
    expect(parseViewerHash(hash)).toEqual({ kind: 'invalid' });
  });
});

describe('demoUrlForLink', () => {
  const viewer = 'chrome-extension://id/viewer.html';
  it('turns a viewer link into the demo-service URL of its path', () => {
    expect(demoUrlForLink(`${viewer}#/downloads/abc/a.bin`, viewer)).toBe(
      `${DEMO_BASE_URL}/downloads/abc/a.bin`,
    );
  });
  it('keeps a link on the demo service', () => {
    expect(demoUrlForLink(`${DEMO_BASE_URL}/downloads/abc`, viewer)).toBe(`${DEMO_BASE_URL}/downloads/abc`);
  });
  it('refuses any other link', () => {
    expect(demoUrlForLink('https://example.com/downloads/abc', viewer)).toBeNull();
  });
  it.each([`${DEMO_BASE_URL}/api/v2/pushes/T`, `${DEMO_BASE_URL}/downloads/../api/v2/pushes/T`])(
    'refuses a demo-service link that is not a download: %s',
    (link) => {
      expect(demoUrlForLink(link, viewer)).toBeNull();
      expect(demoUrlForLink(link.replace(DEMO_BASE_URL, `${viewer}#`), viewer)).toBeNull();
    },
  );
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
