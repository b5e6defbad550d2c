/**
 * Pure rules of the server settings: which server addresses are accepted and how they are written down,
 * and the token as typed (the push defaults' ranges are in defaults.ts). No browser.* here, so the options
 * page, the stores and tests share them.
 */
import { AppError } from '@/lib/errors';
import type { ServerChoice } from './values';
import { t, type MessageKey } from '@/lib/i18n';

export interface HostedServer {
  url: string;
  label: string;
}

const hosted = (url: string, region: MessageKey): HostedServer => ({
  url,
  // Read when shown, in the UI language: the table itself is built before any page asks for words.
  get label() {
    return t('store_hostedServer', new URL(url).host, t(region));
  },
});

/** The hosted services a user can pick without typing an address. */
export const HOSTED_SERVERS: readonly HostedServer[] = [
  hosted('https://pwpush.com', 'store_regionGlobal'),
  hosted('https://eu.pwpush.com', 'store_regionEurope'),
  hosted('https://us.pwpush.com', 'store_regionUnitedStates'),
  hosted('https://oss.pwpush.com', 'store_regionOpenSource'),
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
  if (typed === '') throw invalid(t('store_serverUrlEmpty'));
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) && typed.includes('://') ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid(t('store_serverUrlNotAddress', typed));
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw invalid(t(url.protocol === 'http:' ? 'store_serverUrlHttp' : 'store_serverUrlScheme'));
  if (url.hostname === '') throw invalid(t('store_serverUrlNoHost'));
  if (url.username !== '' || url.password !== '') throw invalid(t('store_serverUrlCredentials'));
  if (url.search !== '' || url.hash !== '' || typed.endsWith('?') || typed.endsWith('#'))
    throw invalid(t('store_serverUrlQuery'));
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api(\/|$)/.test(path)) throw invalid(t('store_serverUrlApiPath'));
  return `${url.origin}${path}`;
}

/** A saved server as people name it (lists, the popup's switch): its host, and its path when it has one. */
export function serverName(url: string): string {
  const { host, pathname } = new URL(url);
  return pathname === '/' ? host : `${host}${pathname}`;
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
