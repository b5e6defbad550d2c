import { describe, expect, it } from 'vitest';
import {
  allowedKinds,
  applyPolicy,
  demoModeAllowed,
  fixedTokenPlace,
  hasPolicy,
  managedDefaults,
  serversLocked,
  userDefaultsToSave,
  preferencesUnderPolicy,
  DEFAULT_PREFERENCES,
  type Preferences,
  type PolicySubject,
} from '@/lib/settings';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

const mine = {
  kind: 'self-hosted',
  url: 'https://mine.example',
  edition: 'oss',
  tokenPlace: 'device',
  token: 'my-token',
  tokenOrigin: 'https://mine.example',
} as const;
const user: PolicySubject = {
  demoMode: true,
  servers: [mine],
  defaultServer: mine.url,
  defaults: DEFAULT_PUSH_DEFAULTS,
};

describe('applyPolicy', () => {
  it('changes nothing without a policy', () => {
    expect(applyPolicy(user, {})).toEqual(user);
  });

  it("puts the organization's server first and makes it the default, keeping the user's others", () => {
    const applied = applyPolicy(user, { serverUrl: 'https://pwpush.example.org' });
    expect(applied.defaultServer).toBe('https://pwpush.example.org');
    expect(applied.servers).toEqual([
      {
        kind: 'self-hosted',
        url: 'https://pwpush.example.org',
        tokenPlace: 'device',
        token: null,
        tokenOrigin: null,
      },
      mine,
    ]);
  });

  it("keeps the token and the edition the user saved for the organization's server", () => {
    const applied = applyPolicy(user, { serverUrl: 'https://mine.example' });
    expect(applied.servers).toEqual([mine]);
  });

  it("leaves only the organization's server when it locks the servers", () => {
    const applied = applyPolicy(user, { serverUrl: 'https://eu.pwpush.com', lockServer: true });
    expect(applied.servers.map((server) => [server.kind, server.url])).toEqual([
      ['hosted', 'https://eu.pwpush.com'],
    ]);
  });

  it('keeps the saved servers as they are when it locks them without naming one', () => {
    expect(applyPolicy(user, { lockServer: true })).toEqual(user);
  });

  it('turns demo mode off when the organization does not allow it, and leaves it alone otherwise', () => {
    expect(applyPolicy(user, { allowDemoMode: false }).demoMode).toBe(false);
    expect(applyPolicy(user, { allowDemoMode: true }).demoMode).toBe(true);
    expect(applyPolicy({ ...user, demoMode: false }, { allowDemoMode: true }).demoMode).toBe(false);
  });

  it.each([
    ['session', 'session'],
    ['device', 'device'],
    ['any', 'device'],
  ] as const)("tokenPlace %s shows every server's token kept in %s", (place, expected) => {
    const applied = applyPolicy(user, { tokenPlace: place, serverUrl: 'https://org.example' });
    expect(applied.servers.map((server) => server.tokenPlace)).toEqual([expected, expected]);
  });

  it("lays the organization's defaults over the user's, field by field", () => {
    const applied = applyPolicy(
      { ...user, defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 9 } },
      { defaults: { passphrase: true, expireAfterDays: 2 } },
    );
    expect(applied.defaults).toEqual({
      ...DEFAULT_PUSH_DEFAULTS,
      expireAfterViews: 9,
      passphrase: true,
      expireAfterDays: 2,
    });
  });

  it('keeps the fields it does not know (the demo token)', () => {
    expect(applyPolicy({ ...user, demoToken: 'demo' }, { allowDemoMode: false }).demoToken).toBe('demo');
  });
});

describe('the questions asked of a policy', () => {
  it('offers every kind without a list, and the listed ones in the popup order with one', () => {
    expect(allowedKinds({})).toEqual(['text', 'url', 'qr', 'file']);
    expect(allowedKinds({ allowedKinds: ['file', 'text'] })).toEqual(['text', 'file']);
  });

  it('fixes the token place only for device or session', () => {
    expect(fixedTokenPlace({})).toBeUndefined();
    expect(fixedTokenPlace({ tokenPlace: 'any' })).toBeUndefined();
    expect(fixedTokenPlace({ tokenPlace: 'session' })).toBe('session');
  });

  it('allows demo mode and leaves servers open unless told otherwise', () => {
    expect(demoModeAllowed({})).toBe(true);
    expect(demoModeAllowed({ allowDemoMode: false })).toBe(false);
    expect(serversLocked({})).toBe(false);
    expect(serversLocked({ lockServer: true })).toBe(true);
  });

  it("takes the organization's watch interval over the user's, and leaves the rest of the watch settings", () => {
    const saved = {
      ...DEFAULT_PREFERENCES,
      watch: { intervalMinutes: 5, notifications: false, badge: 'active' },
    };
    expect(preferencesUnderPolicy(saved as Preferences, {})).toEqual(saved);
    expect(preferencesUnderPolicy(saved as Preferences, { watchIntervalMinutes: 30 }).watch).toEqual({
      intervalMinutes: 30,
      notifications: false,
      badge: 'active',
    });
  });

  it('names the defaults the organization sets', () => {
    expect([...managedDefaults({ defaults: { passphrase: true } })]).toEqual(['passphrase']);
    expect(managedDefaults({}).size).toBe(0);
  });

  it("saves the user's own value for a field the organization sets, and the change for the others", () => {
    const saved = { ...DEFAULT_PUSH_DEFAULTS, passphrase: false, expireAfterViews: 5 };
    const shown = { ...saved, passphrase: true, expireAfterViews: 7 };
    expect(userDefaultsToSave(shown, saved, { defaults: { passphrase: true } })).toEqual({
      ...saved,
      expireAfterViews: 7,
    });
  });

  it('says whether anything is managed', () => {
    expect(hasPolicy({})).toBe(false);
    expect(hasPolicy({ lockServer: false })).toBe(true);
  });
});
