/**
 * From settings to a working API client: which server, which token, which transport; and the checks a
 * server passes before it is saved (host permission, then a connection test).
 */
import { createApiClient, type ApiClient, type Edition } from '@/lib/api';
import { DEMO_BASE_URL, demoFetch, demoPageOrigin } from '@/lib/demo/transport';
import { demoToken } from '@/lib/demo/token';
import { AppError, isAppError } from '@/lib/errors';
import { DEFAULT_PUSH_DEFAULTS, type ServerChoice, type TokenPlace } from '@/lib/store/items';
import { hostPermissionPattern, normalizeServerUrl, normalizeToken, serverChoice } from '@/lib/store/rules';
import { loadSettings, saveServerSettings, type Settings } from '@/lib/store/settings';

/** The transports a client may use instead of the defaults (the popup's file uploads report progress). */
export interface Transports {
  demo?: typeof fetch;
  server?: typeof fetch;
}

/**
 * The client for these settings. Demo mode: the built-in demo service through demoFetch, with the demo
 * token, and html_url on the viewer page. Otherwise the saved server with the user's token over fetch.
 */
export function clientForSettings(settings: Settings, transports: Transports = {}): ApiClient {
  if (settings.demoMode)
    return createApiClient({
      baseUrl: DEMO_BASE_URL,
      token: settings.demoToken ?? null,
      fetch: transports.demo ?? demoFetch,
      pageOrigin: demoPageOrigin(),
    });
  if (!settings.server)
    throw new AppError('internal', 'No server is saved. Open Settings and choose one, or turn demo mode on.');
  return createApiClient({
    baseUrl: settings.server.url,
    token: settings.token,
    // Late-bound wrapper: a bare `fetch` called as a property of another object throws "Illegal invocation".
    fetch: transports.server ?? ((input, init) => fetch(input, init)),
  });
}

/**
 * The client for the saved settings; in demo mode the demo token is created on first use, by the
 * background (its one writer), which a page asks for it.
 */
export async function currentClient(): Promise<ApiClient> {
  const settings = await loadSettings();
  if (settings.demoMode && !settings.demoToken) settings.demoToken = await demoToken();
  return clientForSettings(settings);
}

/**
 * Asks for the host permission of one server. Must be called synchronously from a click handler, before any
 * await: browsers show the prompt only during the user gesture (Firefox is strict about it). Refusal →
 * AppError 'permission-denied'.
 */
export function requestHostPermission(baseUrl: string): Promise<void> {
  const pattern = hostPermissionPattern(baseUrl);
  const host = new URL(baseUrl).host;
  return browser.permissions.request({ origins: [pattern] }).then(
    (granted) => {
      if (!granted)
        throw new AppError(
          'permission-denied',
          `Access to ${host} was not allowed, so the extension cannot reach that server.`,
        );
    },
    (error: unknown) => {
      throw new AppError('permission-denied', `The browser did not ask for access to ${host}.`, {
        cause: error,
      });
    },
  );
}

export interface ConnectionReport {
  baseUrl: string;
  edition: Edition;
  applicationVersion: string;
  apiVersion: string;
  /** 'accepted': an owner-only call succeeded with it; 'none': no token, anonymous pushes only. */
  token: 'accepted' | 'none';
}

/**
 * Asks the server who it is (GET /api/v2/version, public even with a bad token) and, with a token, makes
 * one owner-only call (the first page of active pushes) to see that the token is accepted.
 */
export async function testConnection(client: ApiClient, hasToken: boolean): Promise<ConnectionReport> {
  const info = await client.version();
  const edition = await client.edition();
  if (hasToken) {
    try {
      await client.activePage(1);
    } catch (error) {
      if (isAppError(error, 'unauthorized'))
        throw new AppError('token-rejected', 'The server rejected this API token.', {
          status: error.status,
          cause: error,
        });
      throw error;
    }
  }
  return {
    baseUrl: client.baseUrl,
    edition,
    applicationVersion: info.application_version,
    apiVersion: info.api_version,
    token: hasToken ? 'accepted' : 'none',
  };
}

/** What the server part of the options form holds. `url` is a hosted URL or what the user typed. */
export interface ServerDraft {
  url: string;
  token: string;
  tokenPlace: TokenPlace;
}

/**
 * Checks a draft without saving it: normalise the address, ask for its host permission (synchronously, see
 * requestHostPermission), then test the connection with the typed token.
 */
export async function checkServer(
  draft: ServerDraft,
): Promise<{ server: ServerChoice; token: string | null; report: ConnectionReport }> {
  const server = serverChoice(normalizeServerUrl(draft.url));
  const token = normalizeToken(draft.token);
  await requestHostPermission(server.url);
  const client = clientForSettings({
    demoMode: false,
    server,
    token,
    tokenPlace: draft.tokenPlace,
    defaults: DEFAULT_PUSH_DEFAULTS, // not used by the client
  });
  return { server, token, report: await testConnection(client, token !== null) };
}

/**
 * Saves a server only after every check passed; any failure (invalid address, permission refused, failed
 * connection test) is thrown and the previous settings stay in force. Leaves demo mode.
 */
export async function saveServer(draft: ServerDraft): Promise<ConnectionReport> {
  const { server, token, report } = await checkServer(draft);
  await saveServerSettings({
    server: { ...server, edition: report.edition },
    token,
    tokenPlace: draft.tokenPlace,
  });
  return report;
}
