import { describe, expect, it } from 'vitest';
import { isSignedIn, knownEdition, targetBaseUrl, targetToken } from '@/lib/connection/target';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import type { Settings } from '@/lib/settings';

const SERVER = { kind: 'self-hosted', url: 'https://pwpush.example.com', edition: 'oss' } as const;

function settings(patch: Partial<Settings> = {}): Settings {
  return {
    demoMode: false,
    server: SERVER,
    token: 'user-token',
    tokenOrigin: 'https://pwpush.example.com',
    tokenPlace: 'device',
    defaults: DEFAULT_PUSH_DEFAULTS,
    servers: [],
    defaultServer: null,
    demoToken: 'demo-token',
    ...patch,
  };
}

describe('demo mode', () => {
  const demo = settings({ demoMode: true, token: null });

  it('sends to the demo service with its own token, even with a server saved', () => {
    expect(targetBaseUrl(demo)).toBe(DEMO_BASE_URL);
    expect(targetToken(demo)).toBe('demo-token');
  });

  it('knows the edition (the pro engine) and is signed in without a user token', () => {
    expect(knownEdition(demo)).toBe('pro');
    expect(isSignedIn(demo)).toBe(true);
  });

  it('has no token until the demo token is created', () => {
    expect(targetToken(settings({ demoMode: true, demoToken: null }))).toBeNull();
  });
});

describe('a saved server', () => {
  it('sends to the server with the user token', () => {
    expect(targetBaseUrl(settings())).toBe(SERVER.url);
    expect(targetToken(settings())).toBe('user-token');
  });

  it('knows the edition its connection test saw, or leaves it to be asked', () => {
    expect(knownEdition(settings())).toBe('oss');
    expect(knownEdition(settings({ server: { kind: 'hosted', url: 'https://pwpush.com' } }))).toBeUndefined();
  });

  it.each([
    ['a token', 'user-token', true],
    ['no token', null, false],
    ['an empty token', '', false],
  ])('with %s is signed in: %s', (_name, token, signedIn) => {
    expect(isSignedIn(settings({ token }))).toBe(signedIn);
  });
});

describe('no server', () => {
  it('has nowhere to send outside demo mode', () => {
    expect(targetBaseUrl(settings({ server: null }))).toBeNull();
    expect(knownEdition(settings({ server: null }))).toBeUndefined();
  });
});
