import { describe, expect, it } from 'vitest';
import { EMPTY_WIFI, escapeWifiValue, wifiPayload, wifiProblems } from '@/lib/push/form/wifi';

describe('escapeWifiValue', () => {
  it.each([
    ['back\\slash', 'back\\\\slash'],
    ['semi;colon', 'semi\\;colon'],
    ['com,ma', 'com\\,ma'],
    ['co:lon', 'co\\:lon'],
    ['"quoted"', '\\"quoted\\"'],
    ['plain name 1', 'plain name 1'],
  ])('escapes %s as %s', (raw, escaped) => {
    expect(escapeWifiValue(raw)).toBe(escaped);
  });
});

describe('wifiPayload', () => {
  it('builds a WPA network with its password', () => {
    expect(wifiPayload({ ssid: 'Home', security: 'WPA', password: 'pa55word', hidden: false })).toBe(
      'WIFI:T:WPA;S:Home;P:pa55word;;',
    );
  });

  it('builds a WEP network with its key', () => {
    expect(wifiPayload({ ssid: 'Old', security: 'WEP', password: 'abcde', hidden: false })).toBe(
      'WIFI:T:WEP;S:Old;P:abcde;;',
    );
  });

  it('leaves the password out of an open network', () => {
    expect(wifiPayload({ ssid: 'Cafe', security: 'nopass', password: 'ignored', hidden: false })).toBe(
      'WIFI:T:nopass;S:Cafe;;',
    );
  });

  it('marks a hidden network', () => {
    expect(wifiPayload({ ssid: 'Lab', security: 'WPA', password: 'x', hidden: true })).toBe(
      'WIFI:T:WPA;S:Lab;P:x;H:true;;',
    );
  });

  it('escapes reserved characters in the network name and password', () => {
    expect(wifiPayload({ ssid: 'a;b', security: 'WPA', password: 'c:d,"e"\\', hidden: false })).toBe(
      'WIFI:T:WPA;S:a\\;b;P:c\\:d\\,\\"e\\"\\\\;;',
    );
  });
});

describe('wifiProblems', () => {
  it('asks for the network name', () => {
    expect(wifiProblems({ ...EMPTY_WIFI, password: 'x' })).toEqual(['Enter the network name.']);
  });

  it('asks for the password of a protected network', () => {
    expect(wifiProblems({ ...EMPTY_WIFI, ssid: 'Home' })).toEqual(['Enter the Wi-Fi password.']);
  });

  it('accepts an open network without a password', () => {
    expect(wifiProblems({ ...EMPTY_WIFI, ssid: 'Cafe', security: 'nopass' })).toEqual([]);
  });
});
