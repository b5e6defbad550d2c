import { describe, expect, it } from 'vitest';
import { SELF_HOSTED, type ServerFieldsValue } from '@/components/settings/ServerFields';
import { changeServerFields } from '@/entrypoints/options/draft';

const SAVED = { token: 'saved-token', tokenOrigin: 'https://a.example.com' };
const FIELDS: ServerFieldsValue = {
  choice: SELF_HOSTED,
  customUrl: 'https://a.example.com/secrets',
  token: 'saved-token',
  tokenPlace: 'device',
};

describe('changeServerFields', () => {
  it.each([
    ['another self-hosted origin', { customUrl: 'https://b.example.com' }],
    ['another port', { customUrl: 'https://a.example.com:8443' }],
    ['an address that is not valid yet', { customUrl: 'https://' }],
    ['a hosted server', { choice: 'https://eu.pwpush.com' }],
  ])('empties the saved token when the fields move to %s', (_name, patch) => {
    expect(changeServerFields(FIELDS, patch, SAVED).token).toBe('');
  });

  it('keeps the token when only the path changes (same origin)', () => {
    expect(changeServerFields(FIELDS, { customUrl: 'https://a.example.com' }, SAVED).token).toBe(
      'saved-token',
    );
  });

  it('gives the saved token back when an empty field returns to its origin', () => {
    const away = changeServerFields(FIELDS, { customUrl: 'https://b.example.com' }, SAVED);
    expect(changeServerFields(away, { customUrl: 'https://a.example.com' }, SAVED).token).toBe('saved-token');
  });

  it('keeps a token the user typed for the new server', () => {
    const away = { ...FIELDS, customUrl: 'https://b.example.com', token: 'typed-for-b' };
    expect(changeServerFields(away, { customUrl: 'https://b.example.com/x' }, SAVED).token).toBe(
      'typed-for-b',
    );
  });

  it('does not touch a cleared field at the same origin, nor fields without a saved token', () => {
    expect(changeServerFields(FIELDS, { token: '' }, SAVED).token).toBe('');
    const none = { token: null, tokenOrigin: null };
    expect(changeServerFields(FIELDS, { customUrl: 'https://b.example.com' }, none).token).toBe(
      'saved-token',
    );
  });
});
