import { describe, expect, it } from 'vitest';
import { copyMessage, expiryInWords } from '@/lib/push/expiry-words';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const inSeconds = (s: number) => new Date(NOW + s * 1000).toISOString();

describe('expiryInWords', () => {
  it('combines time and views', () => {
    expect(expiryInWords({ expire_after_days: 3, expire_after_views: 5 }, NOW)).toBe(
      'Expires in 3 days or after 5 views, whichever comes first.',
    );
  });

  it('says "1 view" in the singular', () => {
    expect(expiryInWords({ expire_after_days: 2, expire_after_views: 1 }, NOW)).toBe(
      'Expires in 2 days or after 1 view, whichever comes first.',
    );
  });

  it('says "1 day" in the singular on oss', () => {
    expect(expiryInWords({ expire_after_days: 1, expire_after_views: 2 }, NOW)).toBe(
      'Expires in 1 day or after 2 views, whichever comes first.',
    );
  });

  it('uses the pro duration label when no expiry instant is known', () => {
    expect(
      expiryInWords({ expire_after_duration: 12, expire_after_days: 7, expire_after_views: 5 }, NOW),
    ).toBe('Expires in 1 week or after 5 views, whichever comes first.');
  });

  it('measures from expires_at against the given clock when known', () => {
    const facts = { expires_at: inSeconds(5 * 3600), expire_after_duration: 12, expire_after_views: 5 };
    expect(expiryInWords(facts, NOW)).toBe('Expires in 5 hours or after 5 views, whichever comes first.');
  });

  it('counts the views that remain rather than the original allowance', () => {
    expect(expiryInWords({ expire_after_days: 3, expire_after_views: 5, views_remaining: 2 }, NOW)).toBe(
      'Expires in 3 days or after 2 views, whichever comes first.',
    );
  });

  it('says the link has expired once expires_at has passed', () => {
    expect(expiryInWords({ expires_at: inSeconds(-1), expire_after_views: 5 }, NOW)).toBe(
      'This link has expired.',
    );
  });

  it('mentions only views when no time is known', () => {
    expect(expiryInWords({ expire_after_views: 3 }, NOW)).toBe('Expires after 3 views.');
  });
});

describe('copyMessage', () => {
  it('puts the link first and its expiry on the next line', () => {
    expect(
      copyMessage('https://push.example/p/abc', { expire_after_duration: 8, expire_after_views: 5 }, NOW),
    ).toBe('https://push.example/p/abc\nExpires in 3 days or after 5 views, whichever comes first.');
  });

  it('says a passphrase is needed and comes separately, without the passphrase', () => {
    expect(
      copyMessage('https://push.example/p/abc', { expire_after_views: 2 }, NOW, 'en', { passphrase: true }),
    ).toBe(
      'https://push.example/p/abc\nExpires after 2 views.\nYou need a passphrase to open it: I will send it to you separately.',
    );
  });

  it('is just the link when nothing about expiry is known', () => {
    expect(copyMessage('https://push.example/p/abc', {}, NOW)).toBe('https://push.example/p/abc');
  });
});
