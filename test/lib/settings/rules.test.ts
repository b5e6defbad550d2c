import { describe, expect, it } from 'vitest';
import { isAppError } from '@/lib/errors';
import {
  HOSTED_SERVERS,
  hostPermissionPattern,
  normalizeServerUrl,
  normalizeToken,
  serverChoice,
  tokenPageUrl,
} from '@/lib/settings';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('normalizeServerUrl', () => {
  it.each([
    ['https://pwpush.example.com', 'https://pwpush.example.com'],
    ['https://pwpush.example.com/', 'https://pwpush.example.com'],
    ['  https://PWPush.Example.com//  ', 'https://pwpush.example.com'],
    ['https://example.com/secrets/', 'https://example.com/secrets'],
    ['https://example.com:8443/a/b', 'https://example.com:8443/a/b'],
    ['https://example.com:443', 'https://example.com'],
    ['pwpush.example.com', 'https://pwpush.example.com'],
    ['http://localhost:5100', 'http://localhost:5100'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    ['https://localhost', 'https://localhost'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeServerUrl(input)).toBe(expected);
  });

  it.each([
    ['', /Enter the address/],
    ['   ', /Enter the address/],
    ['http://pwpush.example.com', /Plain http:\/\/ is allowed only for localhost and 127\.0\.0\.1/],
    ['http://192.168.1.10:5100', /Plain http:\/\//],
    ['http://[::1]:5100', /Plain http:\/\//],
    ['ftp://example.com', /must start with https:\/\//],
    ['javascript://alert(1)', /must start with https:\/\//],
    ['https://', /not a web address/],
    ['https://exa mple.com', /not a web address/],
    ['https://user:secret@example.com', /user name and password/],
    ['https://example.com/?x=1', /after "\?" or "#"/],
    ['https://example.com/#top', /after "\?" or "#"/],
    ['https://example.com/api/v2', /without \/api/],
  ])('rejects %j with a message that says what to change', (input, message) => {
    const error = thrown(() => normalizeServerUrl(input));
    expect(isAppError(error, 'validation')).toBe(true);
    expect((error as Error).message).toMatch(message);
    expect((error as { fields?: Record<string, string[]> }).fields?.serverUrl?.[0]).toBe(
      (error as Error).message,
    );
  });
});

describe('serverChoice', () => {
  it.each(HOSTED_SERVERS.map((s) => s.url))('marks %s as hosted', (url) => {
    expect(serverChoice(url)).toEqual({ kind: 'hosted', url });
  });

  it('marks any other address as self-hosted', () => {
    expect(serverChoice('https://pwpush.example.com')).toEqual({
      kind: 'self-hosted',
      url: 'https://pwpush.example.com',
    });
  });
});

describe('hostPermissionPattern', () => {
  it.each([
    ['https://pwpush.com', 'https://pwpush.com/*'],
    ['https://example.com/secrets', 'https://example.com/*'],
    // Firefox match patterns reject ports; Chrome's portless pattern covers every port.
    ['http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['https://example.com:8443', 'https://example.com/*'],
  ])('asks for %s as %s', (url, pattern) => {
    expect(hostPermissionPattern(url)).toBe(pattern);
  });
});

describe('tokens', () => {
  it('links to the page where the server shows the token, under a base path too', () => {
    expect(tokenPageUrl('https://pwpush.com')).toBe('https://pwpush.com/users/token');
    expect(tokenPageUrl('https://example.com/pp')).toBe('https://example.com/pp/users/token');
  });

  it.each([
    ['  abc  ', 'abc'],
    ['', null],
    ['   ', null],
  ])('reads the typed token %j as %j', (input, expected) => {
    expect(normalizeToken(input)).toBe(expected);
  });
});
