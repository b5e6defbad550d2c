/**
 * From a Target (target.ts) to a working API client, over the transport that reaches it (the built-in demo
 * service through demoFetch, a real server through fetch). Every client of the extension is built here.
 */
import { createApiClient, type ApiClient, type ApiClientOptions } from '@/lib/api';
import { demoFetch, demoPageOrigin, demoToken } from '@/lib/demo';
import { AppError } from '@/lib/errors';
import { loadSettings, settingsFor, type Settings } from '@/lib/settings';
import { destinationOf, isSignedIn, knownEdition, targetBaseUrl, targetToken, type Target } from './target';
import { assertTokenFor } from './token-origin';

/** The transports a client may use instead of the defaults (the popup's file uploads report progress). */
export interface Transports {
  demo?: typeof fetch;
  server?: typeof fetch;
}

/** What several clients of one server share: the version one of them read, so it is not asked again. */
export type SharedVersion = Pick<ApiClientOptions, 'version' | 'versionRead'>;

/** The target of these settings; null when they send nowhere (no server saved, demo mode off). */
export function targetOf(settings: Settings): Target | null {
  const destination = destinationOf(settings);
  const baseUrl = targetBaseUrl(settings);
  if (destination === null || baseUrl === null) return null;
  const edition = knownEdition(settings);
  return {
    destination,
    baseUrl,
    token: targetToken(settings),
    tokenOrigin: settings.demoMode ? null : settings.tokenOrigin,
    boundTokens: settings.demoMode ? [] : (settings.boundTokens ?? []),
    ...(edition === undefined ? {} : { edition }),
    signedIn: isSignedIn(settings),
  };
}

/** The target of these settings; AppError 'internal' when they send nowhere (no server, demo mode off). */
export function savedTarget(settings: Settings): Target {
  const target = targetOf(settings);
  if (target === null)
    throw new AppError('internal', 'No server is saved. Open Settings and choose one, or turn demo mode on.');
  return target;
}

/**
 * The client for a target. The demo service: through demoFetch, with the demo token, and html_url on the
 * viewer page. A server: over fetch with the target's token, which is refused for another origin
 * (AppError 'token-elsewhere'), never sent. `shared.version`: the server's version as another client read
 * it; `shared.versionRead`: told the answer when this client asks it.
 */
export function clientFor(
  target: Target,
  transports: Transports = {},
  shared: SharedVersion = {},
): ApiClient {
  const { baseUrl, token } = target;
  if ('demo' in target.destination)
    return createApiClient({
      baseUrl,
      token,
      fetch: transports.demo ?? demoFetch,
      pageOrigin: demoPageOrigin(),
      ...shared,
    });
  assertTokenFor(baseUrl, target);
  // Late-bound wrapper: a bare `fetch` called as a property of another object throws "Illegal invocation".
  return createApiClient({
    baseUrl,
    token,
    tokenOrigin: target.tokenOrigin,
    fetch: transports.server ?? ((input, init) => fetch(input, init)),
    ...shared,
  });
}

/** The saved settings with their target, the client it gives, and whether that client is signed in. */
export interface Connection {
  settings: Settings;
  target: Target;
  client: ApiClient;
  /** target.signedIn: views, audits, files and e-mail notifications need it. */
  signedIn: boolean;
}

/**
 * The settings in force aimed at the saved server `url` (undefined: the default one), with the demo token in
 * demo mode, created on first use by the background, its one writer (a page asks it through demoToken()).
 */
export async function settingsToConnect(
  url?: string | null,
  loaded: Promise<Settings> = loadSettings(),
): Promise<Settings> {
  const saved = settingsFor(await loaded, url);
  return saved.demoMode && !saved.demoToken ? { ...saved, demoToken: await demoToken() } : saved;
}

/** The connection of settings already aimed (settingsToConnect): its target and a new client to it. */
export function connectionOf(settings: Settings, shared: SharedVersion = {}): Connection {
  const target = savedTarget(settings);
  return { settings, target, client: clientFor(target, {}, shared), signedIn: target.signedIn };
}

/**
 * The connection of the saved settings, for any context: to the default server, or to the saved server
 * `url` (an action on one server's push). A context that connects again and again keeps its connections
 * (kept.ts). `loaded`: the settings in force (loadSettings) when the caller read them already.
 */
export async function connectSaved(
  url?: string | null,
  shared: SharedVersion = {},
  loaded: Promise<Settings> = loadSettings(),
): Promise<Connection> {
  return connectionOf(await settingsToConnect(url, loaded), shared);
}

/**
 * The connections the watcher follows: the demo's in demo mode; else the default server's (with a token or
 * without: pushes made here are then followed by time), and every other saved server that has a token.
 */
export async function connectFollowed(): Promise<Connection[]> {
  const saved = await loadSettings();
  if (saved.demoMode || saved.servers.length === 0) return [await connectSaved()];
  const followed = saved.servers.filter((s) => s.url === saved.defaultServer || s.token !== null);
  return followed.flatMap((profile) => {
    try {
      return [connectionOf(settingsFor(saved, profile.url))];
    } catch (error) {
      console.error('Not following a server', error); // a token saved for another origin is never sent
      return [];
    }
  });
}
