import { describe, expect, it } from 'vitest';
import { formLabel, formSubject, pushLabel, urlSubject } from '@/lib/push/label';

const token = 'quqvrqvu1234';
const made = '2026-11-14T09:30:00Z';

describe('pushLabel', () => {
  it.each([
    [{ name: 'Router password', note: 'ignored', kind: 'text' as const }, 'Router password'],
    [{ name: '  ', note: 'Guest Wi-Fi\nfor the weekend' }, 'Guest Wi-Fi for the weekend'],
    [
      { note: 'A very long note that goes on and on about many things' },
      'A very long note that goes on and on abo…',
    ],
    [{ kind: 'url' as const, subject: 'wiki.example.com' }, 'URL · wiki.example.com'],
    [{ kind: 'file' as const, subject: 'report.pdf' }, 'File · report.pdf'],
    [{ kind: 'qr' as const, subject: '' }, 'QR code'],
    [{ kind: 'text' as const }, 'Text'],
    [{}, `Push quqvrqvu`],
  ])('names %o as %s', (fields, label) => {
    expect(pushLabel({ url_token: token, ...fields })).toBe(label);
  });

  it('names an unnamed push without a subject by its kind and when it was made', () => {
    const label = pushLabel({ url_token: token, kind: 'text', created_at: made }, 'en');
    expect(label).toMatch(/^Text · Nov 14, \d\d?:30:00 [AP]M$/);
    expect(label).not.toContain('quqvrqvu');
  });

  it('gives two unnamed pushes made in the same minute two names', () => {
    const first = pushLabel({ url_token: 'a', kind: 'text', created_at: '2026-11-14T06:22:05Z' }, 'en');
    const second = pushLabel({ url_token: 'b', kind: 'text', created_at: '2026-11-14T06:22:41Z' }, 'en');
    expect(first).not.toBe(second);
  });

  it('tells two unnamed URL pushes to the same host apart by when they were made, never by their path', () => {
    const first = pushLabel(
      { url_token: 'a', kind: 'url', subject: 'wiki.example.com', created_at: '2026-11-14T06:22:05Z' },
      'en',
    );
    const second = pushLabel(
      { url_token: 'b', kind: 'url', subject: 'wiki.example.com', created_at: '2026-11-15T08:01:40Z' },
      'en',
    );
    expect(first).toMatch(/^URL · wiki\.example\.com · Nov 14, \d\d?:22:05 [AP]M$/);
    expect(second).toMatch(/^URL · wiki\.example\.com · Nov 15, \d\d?:01:40 [AP]M$/);
    expect(first).not.toBe(second);
  });

  it('calls a push of unknown kind "Push" with its time, not its token', () => {
    expect(pushLabel({ url_token: token, created_at: made }, 'en')).toMatch(/^Push · Nov 14, /);
  });
});

describe('urlSubject', () => {
  it('keeps only the host of a URL, never its path or query', () => {
    expect(urlSubject('https://wiki.example.com/reset?token=s3cret#x')).toBe('wiki.example.com');
  });
  it('is undefined for what is not a URL', () => {
    expect(urlSubject('not a url')).toBeUndefined();
  });
});

describe('formSubject', () => {
  const file = (name: string) => ({ id: 1, name, size: 3, type: 'text/plain', data: new Blob(['abc']) });
  it.each([
    [{ kind: 'url' as const, url: ' https://a.example/p?q=1 ', files: [] }, 'a.example'],
    [{ kind: 'file' as const, url: '', files: [file('report.pdf'), file('b.txt')] }, 'report.pdf'],
    [{ kind: 'text' as const, url: 'https://a.example', files: [] }, undefined],
    [{ kind: 'qr' as const, url: '', files: [] }, undefined],
  ])('of %o is %s', (state, subject) => {
    expect(formSubject(state)).toBe(subject);
  });
});

describe('formLabel', () => {
  const now = Date.parse(made);
  const form = (kind: 'text' | 'url' | 'qr', url = '', note = '') => ({
    kind,
    url,
    files: [],
    options: { note },
  });

  it('is the name the push made now gets, told to the second', () => {
    expect(formLabel(form('text'), now, 'en')).toBe(
      pushLabel({ url_token: 'x', kind: 'text', created_at: made }, 'en'),
    );
    expect(formLabel(form('text'), now, 'en')).toMatch(/^Text · Nov 14, \d\d?:30:00 [AP]M$/);
  });

  it('names a URL push by the host typed and the time, never its path or query', () => {
    const label = formLabel(form('url', 'https://wiki.example.com/reset?t=s3cret'), now, 'en');
    expect(label).toMatch(/^URL · wiki\.example\.com · Nov 14, \d\d?:30:00 [AP]M$/);
    expect(label).not.toMatch(/reset|s3cret/);
  });

  it('follows the private note, as the list does', () => {
    expect(formLabel(form('qr', '', 'Guest Wi-Fi'), now, 'en')).toBe('Guest Wi-Fi');
  });
});
