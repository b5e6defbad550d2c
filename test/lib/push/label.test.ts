import { describe, expect, it } from 'vitest';
import { pushLabel, urlSubject } from '@/lib/push/label';
import { formSubject } from '@/lib/push/form-subject';

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
    expect(label).toMatch(/^Text · Nov 14, \d\d?:30 [AP]M$/);
    expect(label).not.toContain('quqvrqvu');
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
