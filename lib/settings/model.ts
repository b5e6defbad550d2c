/**
 * The settings model's pure core: the settings in force built from the stored values, and every change to
 * the saved servers and their tokens as a function from one stored state to the next, with the policy
 * applied to the result. read.ts and save.ts only move values between storage and these functions.
 */
import { applyPolicy, fixedTokenPlace, hasPolicy } from './policy';
import type {
  BoundToken,
  Policy,
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
  demoToken: string | null;
}

/** Every token saved on this browser, with its origin, in either place. */
export function boundTokensOf({ device, session }: Pick<ServerState, 'device' | 'session'>): BoundToken[] {
  return [...Object.values(device), ...Object.values(session)];
}

/** The user's settings from the stored values; `server` and its token are the default server's. */
export function settingsOf(stored: StoredSettings): Settings {
  const { list, device, session, demoMode, defaults, demoToken } = stored;
  const servers = profilesOf(list, device, session);
  const boundTokens = boundTokensOf(stored);
  const all = { demoMode, defaults, demoToken, servers, defaultServer: list.defaultUrl, boundTokens };
  return settingsFor({ ...all, server: null, token: null, tokenOrigin: null, tokenPlace: 'device' });
}

/** The user's settings with the organization's managed values in their place, and that policy attached. */
export function withPolicy(settings: Settings, policy: Policy): Settings {
  // Only a policy that sets something is attached, so unmanaged settings read exactly as they always did.
  return hasPolicy(policy) ? settingsFor({ ...applyPolicy(settings, policy), policy }) : settings;
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
