import { describe, expect, it } from 'vitest';
import { destinationOf, refusalFor } from '@/lib/connection';
import { DEFAULT_PUSH_DEFAULTS, type Settings } from '@/lib/settings';

const A = 'https://a.pwpush.example';

/** Settings with server A saved as the default, demo mode as given. */
function settings(change: Partial<Settings> = {}): Settings {
  const profile = {
    kind: 'self-hosted' as const,
    url: A,
    tokenPlace: 'device' as const,
    token: null,
    tokenOrigin: null,
  };
  return {
    demoMode: false,
    server: { kind: 'self-hosted', url: A },
    token: null,
    tokenOrigin: null,
    tokenPlace: 'device',
    defaults: DEFAULT_PUSH_DEFAULTS,
    servers: [profile],
    defaultServer: A,
    ...change,
  };
}

describe('destinationOf', () => {
  it.each([
    ['the demo service in demo mode', settings({ demoMode: true }), { demo: true }],
    ['the default server otherwise', settings(), { server: A }],
    ['nowhere without a server', settings({ server: null, servers: [], defaultServer: null }), null],
  ])('is %s', (_, given, expected) => {
    expect(destinationOf(given)).toEqual(expected);
  });
});

describe('refusalFor', () => {
  it('lets a push go where the settings still send it', () => {
    expect(refusalFor({ server: A }, settings())).toBeUndefined();
    expect(refusalFor({ demo: true }, settings({ demoMode: true }))).toBeUndefined();
  });

  it('refuses the demo service once demo mode is off', () => {
    expect(refusalFor({ demo: true }, settings())).toBe(
      'Demo mode is off now, so nothing was sent to a server instead. Push it again from the page.',
    );
  });

  it('says it is the organization when its policy turned demo mode off', () => {
    expect(refusalFor({ demo: true }, settings({ policy: { allowDemoMode: false } }))).toBe(
      'Your organization no longer allows demo mode, so nothing was sent. Push it again from the page.',
    );
  });

  it('lets a push go to a server that is still saved, default or not', () => {
    const other = { ...settings().servers[0]!, url: 'https://b.pwpush.example' };
    const moved = settings({ servers: [...settings().servers, other], defaultServer: other.url });
    expect(refusalFor({ server: A }, moved)).toBeUndefined();
  });
});
