/**
 * The settings model's pure core (no zod, no browser.*): which server addresses are accepted and how an
 * address and a token are written down; the settings in force built from the stored values, what a checked
 * policy changes in them (managed values win over the user's; the popup, the background and the options page
 * ask the same questions of it), and every change to the saved servers and their tokens as a function from one
 * stored state to the next, with the policy applied to the result. read.ts and save.ts only move values
 * between storage and these functions (the push defaults' ranges are in defaults.ts).
 */
import { PUSH_KINDS, type PushKind } from '@/lib/contract';
import { AppError } from '@/lib/errors';
import { t, type MessageKey } from '@/lib/i18n';
import { presetFromDefaults, presetsUnderPolicy } from './presets';
import type {
  BoundToken,
  Policy,
  Preferences,
  Preset,
  PushDefaults,
  SavedServer,
  ServerChoice,
  ServerList,
  ServerProfile,
  ServerState,
  Settings,
  TokenMap,
  TokenPlace,
} from './values';

// ---- Server addresses and tokens, as they are written down ----

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

// ---- The settings in force ----

/** Each saved server with the token kept for it (device or session, as its entry says). */
export function profilesOf(list: ServerList, device: TokenMap, session: TokenMap): ServerProfile[] {
  return list.servers.map((server) => {
    const bound = (server.tokenPlace === 'device' ? device : session)[server.url];
    return { ...server, token: bound?.value ?? null, tokenOrigin: bound?.origin ?? null };
  });
}

/**
 * The settings aimed at one saved server (`url`; the default one when absent or no longer saved): the
 * popup's server switch, the options form and the watcher, which follows every server, use it.
 */
export function settingsFor(settings: Settings, url?: string | null): Settings {
  const profile =
    settings.servers.find((server) => server.url === url) ??
    settings.servers.find((server) => server.url === settings.defaultServer);
  if (!profile) return { ...settings, server: null, token: null, tokenOrigin: null, tokenPlace: 'device' };
  const { kind, url: base, edition, tokenPlace, token, tokenOrigin } = profile;
  const server: ServerChoice = edition ? { kind, url: base, edition } : { kind, url: base };
  return { ...settings, server, token, tokenOrigin, tokenPlace };
}

/** A value already in version 2's shape (written by a version 2 writer before its version mark). */
export function isServerList(value: unknown): value is ServerList {
  return typeof value === 'object' && value !== null && Array.isArray((value as ServerList).servers);
}

/** The stored values settingsOf builds the user's settings from. */
export interface StoredSettings extends ServerState {
  demoMode: boolean;
  defaults: PushDefaults;
  /** The user's presets, the first one's options being `defaults` (absent: that one preset alone). */
  presets?: Preset[];
  demoToken: string | null;
}

/** Every token saved on this browser, with its origin, in either place. */
export function boundTokensOf({ device, session }: Pick<ServerState, 'device' | 'session'>): BoundToken[] {
  return [...Object.values(device), ...Object.values(session)];
}

/** The user's settings from the stored values; `server` and its token are the default server's. */
export function settingsOf(stored: StoredSettings): Settings {
  const { list, device, session, demoMode, defaults, presets, demoToken } = stored;
  const servers = profilesOf(list, device, session);
  const boundTokens = boundTokensOf(stored);
  const all = {
    demoMode,
    defaults,
    presets: presets ?? [presetFromDefaults(defaults)],
    demoToken,
    servers,
    defaultServer: list.defaultUrl,
    boundTokens,
  };
  return settingsFor({ ...all, server: null, token: null, tokenOrigin: null, tokenPlace: 'device' });
}

/** The user's settings with the organization's managed values in their place, and that policy attached. */
export function withPolicy(settings: Settings, policy: Policy): Settings {
  // Only a policy that sets something is attached, so unmanaged settings read exactly as they always did.
  return hasPolicy(policy) ? settingsFor({ ...applyPolicy(settings, policy), policy }) : settings;
}

// ---- What a policy changes ----

/** The settings a policy can override. */
export type PolicySubject = Pick<Settings, 'demoMode' | 'servers' | 'defaultServer' | 'defaults' | 'presets'>;

/** The organization's server as a saved one, with the token and edition the user saved for it, if any. */
function managedServer(url: string, saved: readonly ServerProfile[], place: TokenPlace): ServerProfile {
  const own = saved.find((server) => server.url === url);
  return own ?? { ...serverChoice(url), tokenPlace: place, token: null, tokenOrigin: null };
}

/**
 * The servers in force: the organization's first (and the only one when it locks them), then the user's.
 * Each server's token place shows the organization's rule; the background moves the tokens themselves.
 */
function managedServers(servers: readonly ServerProfile[], policy: Policy): ServerProfile[] {
  const place = fixedTokenPlace(policy);
  const placed = (server: ServerProfile) => (place ? { ...server, tokenPlace: place } : server);
  if (!policy.serverUrl) return servers.map(placed);
  const org = managedServer(policy.serverUrl, servers, place ?? 'device');
  const others = policy.lockServer ? [] : servers.filter((server) => server.url !== org.url);
  return [org, ...others].map(placed);
}

/**
 * The settings in force: the user's, with every managed value in its place. With a server, the
 * organization's is present and the default (settingsFor then picks it). A token is
 * only ever the one saved for that very server, so none is carried from one server to another.
 */
export function applyPolicy<S extends PolicySubject>(settings: S, policy: Policy): S {
  const servers = managedServers(settings.servers, policy);
  const defaultServer = policy.serverUrl ?? settings.defaultServer;
  return {
    ...settings,
    demoMode: policy.allowDemoMode === false ? false : settings.demoMode,
    servers,
    defaultServer,
    defaults: { ...settings.defaults, ...policy.defaults },
    ...(settings.presets ? { presets: presetsUnderPolicy(settings.presets, policy) } : {}),
  };
}

/** The place the organization requires for the token; undefined leaves the choice to the user. */
export function fixedTokenPlace(policy: Policy): TokenPlace | undefined {
  return policy.tokenPlace === 'any' ? undefined : policy.tokenPlace;
}

/** The kinds of push offered, in the popup's order. */
export function allowedKinds(policy: Policy): readonly PushKind[] {
  const allowed = policy.allowedKinds;
  return allowed ? PUSH_KINDS.filter((kind) => allowed.includes(kind)) : PUSH_KINDS;
}

/** Whether demo mode may be turned on. */
export function demoModeAllowed(policy: Policy): boolean {
  return policy.allowDemoMode !== false;
}

/** Whether the user may add, change or remove servers. */
export function serversLocked(policy: Policy): boolean {
  return policy.lockServer === true;
}

/** The preferences in force: the user's, with the organization's watch interval in its place. */
export function preferencesUnderPolicy(saved: Preferences, policy: Policy): Preferences {
  const intervalMinutes = policy.watchIntervalMinutes;
  return intervalMinutes === undefined ? saved : { ...saved, watch: { ...saved.watch, intervalMinutes } };
}

/** The default fields the organization sets: shown as set by it, not editable. */
export function managedDefaults(policy: Policy): ReadonlySet<keyof PushDefaults> {
  return new Set(Object.keys(policy.defaults ?? {}) as Array<keyof PushDefaults>);
}

/**
 * The user's defaults to save after a change on the options page, whose fields show the organization's
 * values where it sets them: those fields keep what the user had saved, so nothing of theirs is lost when
 * the policy goes away.
 */
export function userDefaultsToSave(shown: PushDefaults, saved: PushDefaults, policy: Policy): PushDefaults {
  const next = { ...shown };
  for (const key of managedDefaults(policy)) (next as Record<string, unknown>)[key] = saved[key];
  return next;
}

/** True when the policy sets anything at all (the options page then says the organization manages it). */
export function hasPolicy(policy: Policy): boolean {
  return Object.keys(policy).length > 0;
}

// ---- Changes to the saved servers ----

/** A server to save with its token; a server already saved under the same url is updated in place. */
export interface ServerEntry {
  server: Omit<SavedServer, 'tokenPlace'>;
  token: { value: string | null; place: TokenPlace; origin: string | null };
}

function without(map: TokenMap, url: string): TokenMap {
  const copy = { ...map };
  delete copy[url];
  return copy;
}

/**
 * The state with `entry` saved: its token in its place only, bound to its origin; none when value is null.
 * The first server saved becomes the default; any other leaves the default as it was (only Make default
 * changes it).
 */
export function withServer(state: ServerState, { server, token }: ServerEntry): ServerState {
  const saved: SavedServer = { ...server, tokenPlace: token.place };
  const known = state.list.servers.some((s) => s.url === server.url);
  const servers = known
    ? state.list.servers.map((s) => (s.url === server.url ? saved : s))
    : [...state.list.servers, saved];
  const defaultUrl = state.list.defaultUrl ?? server.url;
  let device = without(state.device, server.url);
  let session = without(state.session, server.url);
  if (token.value !== null) {
    const bound = {
      [server.url]: { value: token.value, origin: token.origin ?? new URL(server.url).origin },
    };
    if (token.place === 'device') device = { ...device, ...bound };
    else session = { ...session, ...bound };
  }
  return { list: { servers, defaultUrl }, device, session };
}

/** The state without the server `url` and its token; the default passes to the first server left. */
export function withoutServer(state: ServerState, url: string): ServerState {
  const servers = state.list.servers.filter((s) => s.url !== url);
  const defaultUrl = state.list.defaultUrl === url ? (servers[0]?.url ?? null) : state.list.defaultUrl;
  return {
    list: { servers, defaultUrl },
    device: without(state.device, url),
    session: without(state.session, url),
  };
}

/** The list with `url` as its default; unchanged when no such server is saved. */
export function withDefault(list: ServerList, url: string): ServerList {
  return list.servers.some((s) => s.url === url) ? { ...list, defaultUrl: url } : list;
}

/** The state with every saved token moved to `place` (a policy's token place), the default as it was. */
function withTokensIn(state: ServerState, place: TokenPlace): ServerState {
  const moved = { ...state.device, ...state.session };
  const servers = state.list.servers.map((server) => ({ ...server, tokenPlace: place }));
  const tokens = Object.fromEntries(
    servers.filter((s) => moved[s.url]).map((s) => [s.url, moved[s.url]!] as const),
  );
  return {
    list: { ...state.list, servers },
    device: place === 'device' ? tokens : {},
    session: place === 'session' ? tokens : {},
  };
}

/**
 * The state as the policy allows it to be stored, whatever was asked: tokens only in the place it requires,
 * and, when it locks the servers to its own, no token kept for a server it hides (issue 18, finding 6).
 */
export function stateUnderPolicy(state: ServerState, policy: Policy): ServerState {
  const place = fixedTokenPlace(policy);
  let next = place ? withTokensIn(state, place) : state;
  if (policy.lockServer && policy.serverUrl) {
    const shown = policy.serverUrl;
    const keep = (map: TokenMap) => Object.fromEntries(Object.entries(map).filter(([url]) => url === shown));
    next = { ...next, device: keep(next.device), session: keep(next.session) };
  }
  return next;
}
