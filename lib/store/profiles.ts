/**
 * The settings as one object, built from the stored values by pure functions: both readers use them, the
 * store's (settings.ts) and the popup's one plain read (peek.ts), so the two cannot disagree.
 */
import { applyPolicy, hasPolicy } from '@/lib/policy/apply';
import type { Policy } from '@/lib/policy/types';
import type { PushDefaults, SavedServer, ServerChoice, ServerList, TokenMap, TokenPlace } from './values';

/** A saved server with its token, read from the place the user chose for it. */
export interface ServerProfile extends SavedServer {
  /** null: anonymous pushes on this server. */
  token: string | null;
  /** The origin `token` was saved for; it is never sent anywhere else (lib/connection). null: no token. */
  tokenOrigin: string | null;
}

export interface Settings {
  demoMode: boolean;
  /** The server pushes go to outside demo mode: the default one, or the one a page chose (settingsFor). */
  server: ServerChoice | null;
  /** The user's API token for `server`, read from where it lives; null = anonymous. */
  token: string | null;
  /** The origin `token` was saved for; it is never sent anywhere else (lib/connection). null: no token. */
  tokenOrigin: string | null;
  tokenPlace: TokenPlace;
  defaults: PushDefaults;
  /** The built-in demo service's token (demoTokenItem); null until lib/demo creates it on first use. */
  demoToken?: string | null;
  /** Every saved server with its token, in the order they were added. */
  servers: ServerProfile[];
  /** The default server's url; null while none is saved. */
  defaultServer: string | null;
  /** The organization's policy these settings obey (loadSettings); absent when there is none, and in loadUserSettings. */
  policy?: Policy;
}

/** Each saved server with the token kept for it (device or session, as its entry says). */
export function profilesOf(list: ServerList, device: TokenMap, session: TokenMap): ServerProfile[] {
  return list.servers.map((server) => {
    const bound = (server.tokenPlace === 'device' ? device : session)[server.url];
    return { ...server, token: bound?.value ?? null, tokenOrigin: bound?.origin ?? null };
  });
}

/**
 * The settings aimed at one saved server (`url`; the default one when absent or no longer saved): the
 * popup's server switch and the watcher, which follows every server, use it.
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

/** The stored values settingsOf builds the user's settings from, each as its item reads it. */
export interface StoredSettings {
  list: ServerList;
  demoMode: boolean;
  defaults: PushDefaults;
  demoToken: string | null;
  device: TokenMap;
  session: TokenMap;
}

/** The user's settings from the stored values; `server` and its token are the default server's. */
export function settingsOf({
  list,
  demoMode,
  defaults,
  demoToken,
  device,
  session,
}: StoredSettings): Settings {
  const servers = profilesOf(list, device, session);
  const all = { demoMode, defaults, demoToken, servers, defaultServer: list.defaultUrl };
  return settingsFor({ ...all, server: null, token: null, tokenOrigin: null, tokenPlace: 'device' });
}

/** The user's settings with the organization's managed values in their place, and that policy attached. */
export function withPolicy(settings: Settings, policy: Policy): Settings {
  // Only a policy that sets something is attached, so unmanaged settings read exactly as they always did.
  return hasPolicy(policy) ? settingsFor({ ...applyPolicy(settings, policy), policy }) : settings;
}
