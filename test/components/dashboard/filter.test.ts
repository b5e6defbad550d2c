import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filterIndexed,
  indexPushes,
  isNarrowing,
  type Filters,
} from '@/components/dashboard/filter';
import { NOW, trackedPush } from './tracked-push';

const pushes = [
  trackedPush({
    url_token: 'active1',
    name: 'Door code',
    note: 'front door',
    created_at: '2026-01-01T10:00:00Z',
  }),
  trackedPush({
    url_token: 'locked2',
    name: 'Bank',
    note: '',
    has_passphrase: true,
    created_at: '2026-01-01T10:30:00Z',
  }),
  trackedPush({
    url_token: 'used3',
    name: 'Wi-Fi',
    note: '',
    views_remaining: 0,
    expired: true,
    created_at: '2026-01-01T11:30:00Z',
  }),
  trackedPush({
    url_token: 'late4',
    name: 'Old note',
    note: '',
    expires_at: '2026-01-01T11:00:00Z',
    created_at: '2026-01-01T10:45:00Z',
  }),
];

const tokens = (filters: Partial<Filters>) =>
  filterIndexed(indexPushes(pushes), { ...DEFAULT_FILTERS, ...filters }, NOW).map((push) => push.url_token);

describe('indexPushes and filterIndexed', () => {
  it('shows every push, newest first, by default', () => {
    expect(tokens({})).toEqual(['used3', 'late4', 'locked2', 'active1']);
  });

  it('keeps the active ones', () => {
    expect(tokens({ state: 'active' })).toEqual(['locked2', 'active1']);
  });

  it('keeps the expired ones, including one whose time ran out before the next refresh', () => {
    expect(tokens({ state: 'expired' })).toEqual(['used3', 'late4']);
  });

  it('keeps only pushes with a passphrase', () => {
    expect(tokens({ passphraseOnly: true })).toEqual(['locked2']);
  });

  it.each([
    ['the name', 'door', ['active1']],
    ['the note', 'FRONT', ['active1']],
    ['the token', 'used', ['used3']],
    ['nothing', 'zebra', []],
  ])('searches %s', (_, query, expected) => {
    expect(tokens({ query })).toEqual(expected);
  });

  it('combines the search with the filters', () => {
    expect(tokens({ query: 'o', state: 'expired' })).toEqual(['late4']);
  });

  it('finds the one push that matches among 10,000, with the same index for every query', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      trackedPush({
        url_token: `tok${i}`,
        name: i === 1234 ? 'Garage Opener' : `Push ${i}`,
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      }),
    );
    const index = indexPushes(many);
    const find = (query: string) =>
      filterIndexed(index, { ...DEFAULT_FILTERS, query }, NOW).map((push) => push.url_token);
    expect(find('garage opener')).toEqual(['tok1234']);
    expect(find('  OPENER ')).toEqual(['tok1234']);
    const all = find('');
    expect(all).toHaveLength(10_000);
    expect(all[0]).toBe('tok9999');
    expect(all.at(-1)).toBe('tok0');
  });
});

describe('isNarrowing (the filters wait for a list read whole)', () => {
  it('is false only for filters that leave every push shown', () => {
    expect(isNarrowing(DEFAULT_FILTERS)).toBe(false);
    expect(isNarrowing({ ...DEFAULT_FILTERS, query: '  ' })).toBe(false);
    expect(isNarrowing({ ...DEFAULT_FILTERS, query: 'w' })).toBe(true);
    expect(isNarrowing({ ...DEFAULT_FILTERS, state: 'active' })).toBe(true);
    expect(isNarrowing({ ...DEFAULT_FILTERS, passphraseOnly: true })).toBe(true);
    expect(isNarrowing({ ...DEFAULT_FILTERS, server: 'https://push.example' })).toBe(true);
  });
});
