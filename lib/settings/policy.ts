/**
 * What a checked policy changes, as pure functions over plain values (no zod, no browser.*), so the popup,
 * the background and the options page ask the same questions of it. Managed values win over the user's.
 */
import { PUSH_KINDS, type PushKind } from '@/lib/contract';
import { serverChoice } from './rules';
import type { Policy, Preferences, PushDefaults, ServerProfile, Settings, TokenPlace } from './values';

/** The settings a policy can override. */
export type PolicySubject = Pick<Settings, 'demoMode' | 'servers' | 'defaultServer' | 'defaults'>;

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
 * organization's is present and the default (model.ts settingsFor then picks it). A token is
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
