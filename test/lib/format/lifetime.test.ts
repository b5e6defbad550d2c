import { describe, expect, it } from 'vitest';
import { expiresIn, viewsAfterReveal, viewsBeforeReveal } from '@/lib/format/lifetime';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

describe('a secret’s life in words', () => {
  it('says when it expires from expires_at, with the exact time for a tooltip', () => {
    const at = expiresIn({ views_remaining: 2, expires_at: '2026-11-29T10:00:00.000Z' }, NOW, 'en');
    expect(at?.words).toBe('in 6 days');
    expect(at?.exact).toMatch(/2026/);
  });

  it('falls back to days_remaining (oss) and says nothing once the time is past or unknown', () => {
    expect(expiresIn({ views_remaining: 2, expires_at: null, days_remaining: 3 }, NOW, 'en')).toEqual({
      words: 'in 3 days',
    });
    expect(
      expiresIn({ views_remaining: 2, expires_at: '2026-11-23T09:00:00.000Z' }, NOW, 'en'),
    ).toBeUndefined();
    expect(expiresIn({ views_remaining: 2, days_remaining: 0 }, NOW, 'en')).toBeUndefined();
    expect(expiresIn({ views_remaining: 2 }, NOW, 'en')).toBeUndefined();
  });

  it('never says "0 more times": the last view says so', () => {
    expect(viewsAfterReveal(2)).toBe('This secret can be viewed 2 more times.');
    expect(viewsAfterReveal(1)).toBe('This secret can be viewed 1 more time.');
    expect(viewsAfterReveal(0)).toMatch(/^That was the last view: this secret has now expired\./);
    expect(viewsAfterReveal(0)).not.toMatch(/0 more/);
  });

  it('says before a reveal what the reveal uses', () => {
    expect(viewsBeforeReveal(3)).toBe('Revealing it uses one of its 3 remaining views.');
    expect(viewsBeforeReveal(1)).toBe('Revealing it uses its last view: after that it expires.');
  });
});
