/**
 * From settings to a working API client: the server, token and edition of target.ts, over the transport
 * that reaches it (the built-in demo service through demoFetch, a real server through fetch).
 */
import { createApiClient, type ApiClient, type ApiClientOptions } from '@/lib/api';
import { demoFetch, demoPageOrigin, demoToken } from '@/lib/demo';
import { AppError } from '@/lib/errors';
import { loadSettings, settingsFor, type Settings } from '@/lib/settings';
import { isSignedIn, targetBaseUrl, targetToken } from './target';
import { assertTokenFor } from './token-origin';

/** The transports a client may use instead of the defaults (the popup's file uploads report progress). */
export interface Transports {
  demo?: typeof fetch;
  server?: typeof fetch;
}

/**
 * The client for these settings. Demo mode: the built-in demo service through demoFetch, with the demo
 * token, and html_url on the viewer page. Otherwise the saved server with the user's token over fetch;
 * a token saved for another origin is refused (AppError 'token-elsewhere'), never sent. `shared.version`:
 * the server's version as another client of these settings read it, so it is not asked again;
 * `shared.versionRead`: told the answer when this client asks it.
 */
export function clientForSettings(
  settings: Settings,
  transports: Transports = {},
  shared: Pick<ApiClientOptions, 'version' | 'versionRead'> = {},
): ApiClient {
  const baseUrl = targetBaseUrl(settings);
  if (baseUrl === null)
    throw new AppError('internal', 'No server is saved. Open Settings and choose one, or turn demo mode on.');
  const token = targetToken(settings);
  if (settings.demoMode)
    return createApiClient({
      baseUrl,
      token,
      fetch: transports.demo ?? demoFetch,
      pageOrigin: demoPageOrigin(),
      ...shared,
    });
  assertTokenFor(baseUrl, settings);
  // Late-bound wrapper: a bare `fetch` called as a property of another object throws "Illegal invocation".
  return createApiClient({
    baseUrl,
    token,
    tokenOrigin: settings.tokenOrigin,
    fetch: transports.server ?? ((input, init) => fetch(input, init)),
    ...shared,
  });
}

/** The saved settings with the client they give, and whether that client is signed in. */
export interface Connection {
  settings: Settings;
  client: ApiClient;
  /** isSignedIn(settings): views, audits, files and e-mail notifications need it. */
  signedIn: boolean;
}

/**
 * The connection of the saved settings, for any context: to the default server, or to the saved server
 * `url` (the popup's server switch, an action on one server's push). In demo mode the demo token is created
 * on first use by the background, its one writer (a page asks it through demoToken()). `shared.version`:
 * as for clientForSettings. `loaded`: the settings in force (loadSettings) when the caller read them already.
 */
export async function connectSaved(
  url?: string | null,
  shared: Pick<ApiClientOptions, 'version' | 'versionRead'> = {},
  loaded: Promise<Settings> = loadSettings(),
): Promise<Connection> {
  const saved = settingsFor(await loaded, url);
  const settings = saved.demoMode && !saved.demoToken ? { ...saved, demoToken: await demoToken() } : saved;
  return { settings, client: clientForSettings(settings, {}, shared), signedIn: isSignedIn(settings) };
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
    const settings = settingsFor(saved, profile.url);
    try {
      return [{ settings, client: clientForSettings(settings), signedIn: isSignedIn(settings) }];
    } catch (error) {
      console.error('Not following a server', error); // a token saved for another origin is never sent
      return [];
    }
  });
}
