/**
 * The user's settings as one object, read side. Kept free of zod and of the API client, so the popup can
 * read its settings in its first chunk; the writers are in save.ts and servers.ts.
 */
import {
  demoModeItem,
  demoTokenItem,
  deviceTokensItem,
  policyItem,
  pushDefaultsItem,
  readServers,
  serversItem,
  sessionTokensItem,
  type PushDefaults,
  type SavedServer,
  type ServerChoice,
  type ServerList,
  type TokenMap,
  type TokenPlace,
} from './items';
import { applyPolicy, hasPolicy } from '@/lib/policy/apply';
import type { Policy } from '@/lib/policy/types';

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

/**
 * The settings in force: the user's with the organization's managed values in their place (lib/policy),
 * and that policy. What every reader uses; only writers that keep the user's own values use loadUserSettings.
 */
export async function loadSettings(): Promise<Settings> {
  const [settings, { policy }] = await Promise.all([loadUserSettings(), policyItem.getValue()]);
  // Only a policy that sets something is attached, so unmanaged settings read exactly as they always did.
  return hasPolicy(policy) ? settingsFor({ ...applyPolicy(settings, policy), policy }) : settings;
}

/** Reads every settings item as the user saved it; `server` and its token are the default server's. */
export async function loadUserSettings(): Promise<Settings> {
  const list = await readServers(); // first: a version 1 value still there moves its token when read
  const [demoMode, defaults, demoToken, device, session] = await Promise.all([
    demoModeItem.getValue(),
    pushDefaultsItem.getValue(),
    demoTokenItem.getValue(),
    deviceTokensItem.getValue(),
    sessionTokensItem.getValue(),
  ]);
  const servers = profilesOf(list, device, session);
  const all = { demoMode, defaults, demoToken, servers, defaultServer: list.defaultUrl };
  return settingsFor({ ...all, server: null, token: null, tokenOrigin: null, tokenPlace: 'device' });
}

/** Calls back with fresh settings whenever any settings item changes (other tabs, the popup). */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const items = [
    demoModeItem,
    serversItem,
    deviceTokensItem,
    sessionTokensItem,
    pushDefaultsItem,
    policyItem,
  ];
  const reload = () => {
    loadSettings().then(callback, (error: unknown) => console.error('Could not reload settings', error));
  };
  const unwatch = items.map((item) => item.watch(reload));
  return () => unwatch.forEach((stop) => stop());
}
