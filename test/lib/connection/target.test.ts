import { describe, expect, it } from 'vitest';
import { targetOf } from '@/lib/connection';
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

describe('targetOf: everything a request is made from, in one value', () => {
  it('aims the demo service with its own token, bound to no origin and carrying no saved token', () => {
    const bound = [{ value: 'user-token', origin: SERVER.url }];
    expect(targetOf(settings({ demoMode: true, boundTokens: bound }))).toEqual({
      destination: { demo: true },
      baseUrl: DEMO_BASE_URL,
      token: 'demo-token',
      tokenOrigin: null,
      boundTokens: [],
      edition: 'pro',
      signedIn: true,
    });
  });

  it('aims a saved server with its token, the origin it was saved for and every bound token', () => {
    const bound = [{ value: 'other-token', origin: 'https://eu.pwpush.example.com' }];
    expect(targetOf(settings({ boundTokens: bound }))).toEqual({
      destination: { server: SERVER.url },
      baseUrl: SERVER.url,
      token: 'user-token',
      tokenOrigin: SERVER.url,
      boundTokens: bound,
      edition: 'oss',
      signedIn: true,
    });
  });

  it('leaves out an edition that must be asked, and is null with nowhere to send', () => {
    expect(targetOf(settings({ server: { kind: 'hosted', url: 'https://pwpush.com' } }))).not.toHaveProperty(
      'edition',
    );
    expect(targetOf(settings({ server: null }))).toBeNull();
  });
});
