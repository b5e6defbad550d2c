/**
 * Pure rules of the server settings: which server addresses are accepted and how they are written down,
 * and the token as typed (the push defaults' ranges are in defaults.ts). No browser.* here, so the options
 * page, the stores and tests share them.
 */
import { AppError } from '@/lib/errors';
import type { ServerChoice } from './items';

export interface HostedServer {
  url: string;
  label: string;
}

/** The hosted services a user can pick without typing an address. */
export const HOSTED_SERVERS: readonly HostedServer[] = [
  { url: 'https://pwpush.com', label: 'pwpush.com (global)' },
  { url: 'https://eu.pwpush.com', label: 'eu.pwpush.com (Europe)' },
  { url: 'https://us.pwpush.com', label: 'us.pwpush.com (United States)' },
  { url: 'https://oss.pwpush.com', label: 'oss.pwpush.com (open source)' },
];

/** Plain http is accepted only where nothing crosses a network: the machine itself. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

function invalid(message: string, field = 'serverUrl'): AppError {
  return new AppError('validation', message, { fields: { [field]: [message] } });
}

/**
 * Turns what a person typed into the server's base URL: an origin plus an optional path, no trailing slash
 * (`https://pwpush.example.com/secrets`). An address without a scheme is taken as https. Throws an
 * AppError 'validation' whose message says what to change.
 */
export function normalizeServerUrl(input: string): string {
  const typed = input.trim();
  if (typed === '')
    throw invalid('Enter the address of your server, for example https://pwpush.example.com.');
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) && typed.includes('://') ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid(`"${typed}" is not a web address. Use the form https://pwpush.example.com.`);
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw invalid(
      url.protocol === 'http:'
        ? 'Use https://. Plain http:// is allowed only for localhost and 127.0.0.1.'
        : 'The address must start with https:// (or http:// for localhost and 127.0.0.1).',
    );
  if (url.hostname === '') throw invalid('The address has no server name.');
  if (url.username !== '' || url.password !== '')
    throw invalid('Remove the user name and password from the address; use an API token instead.');
  if (url.search !== '' || url.hash !== '' || typed.endsWith('?') || typed.endsWith('#'))
    throw invalid('Remove the part after "?" or "#": enter only the server address.');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api(\/|$)/.test(path))
    throw invalid('Enter the server address without /api/…, for example https://pwpush.example.com.');
  return `${url.origin}${path}`;
}

/** The hosted entry with this exact base URL, if any. */
export function hostedServer(url: string): HostedServer | undefined {
  return HOSTED_SERVERS.find((s) => s.url === url);
}

/** A ServerChoice for a normalised base URL: a hosted address typed by hand still counts as hosted. */
export function serverChoice(url: string): ServerChoice {
  return { kind: hostedServer(url) ? 'hosted' : 'self-hosted', url };
}

/**
 * The host permission pattern for a server. Without the port: Firefox match patterns reject ports, and in
 * Chrome a pattern without one covers every port of the host (developer.chrome.com, "Match patterns").
 */
export function hostPermissionPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Where the server shows a signed-in user's API token (reference §1: /users/token). */
export function tokenPageUrl(baseUrl: string): string {
  return `${baseUrl}/users/token`;
}

/** An API token as typed: surrounding space removed, empty means none (anonymous pushes). */
export function normalizeToken(input: string): string | null {
  const token = input.trim();
  return token === '' ? null : token;
}
