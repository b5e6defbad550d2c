import { describe, expect, it } from 'vitest';
import { formatRelative } from '@/lib/format/relative';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('formatRelative', () => {
  it.each([
    [6 * 86400 - 3600, 'in 6 days'],
    [-2 * 60, '2 minutes ago'],
    [3 * 3600 + 100, 'in 3 hours'],
    [30 * 3600, 'in 1 day'],
    [-26 * 3600, '1 day ago'],
    [10, 'now'],
    [-29, 'now'],
    [45, 'in 1 minute'],
  ])('says %d s from now as "%s"', (seconds, words) => {
    expect(formatRelative(at(seconds), NOW, 'en')).toBe(words);
  });

  it('says an instant that has happened as past or now, never "in 1 minute", while the page\'s clock lags behind it', () => {
    // A push the watcher saw end a second ago, on a page whose clock last moved 45 s ago (issue 37).
    expect(formatRelative(at(45), NOW, 'en', { past: true })).toBe('now');
    expect(formatRelative(at(59), NOW, 'en', { past: true })).toBe('now');
    expect(formatRelative(at(-2 * 60), NOW, 'en', { past: true })).toBe('2 minutes ago');
    expect(formatRelative(at(-26 * 3600), NOW, 'de', { past: true })).toBe('vor 1 Tag');
  });

  it('takes the locale as an argument', () => {
    expect(formatRelative(at(6 * 86400), NOW, 'de')).toBe('in 6 Tagen');
  });

  it('gives back text that is not a time as it came', () => {
    expect(formatRelative('soon', NOW, 'en')).toBe('soon');
  });
});
