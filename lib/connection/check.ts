/**
 * The checks a server passes before it is saved (host permission, then a connection test), and the save
 * itself, in one write with whatever else the user changed.
 */
import type { ApiClient, Edition } from '@/lib/api';
import { AppError, isAppError } from '@/lib/errors';
import {
  hostPermissionPattern,
  normalizeServerUrl,
  normalizeToken,
  readSettings,
  saveSettings,
  serverChoice,
  type ServerChoice,
  type TokenPlace,
} from '@/lib/settings';
import { clientFor, originOf } from './client';

/** The one host permission a saved server needs, asked for during the user's click. */
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
 * requestHostPermission), then test the connection with the typed token, bound to the draft's origin. A
 * token saved for another origin is refused by the client's builder (AppError 'token-elsewhere', before
 * any request), whatever the form showed.
 */
export async function checkServer(
  draft: ServerDraft,
): Promise<{ server: ServerChoice; token: string | null; report: ConnectionReport }> {
  const server = serverChoice(normalizeServerUrl(draft.url));
  const token = normalizeToken(draft.token);
  await requestHostPermission(server.url);
  const { boundTokens } = (await readSettings()).user;
  const client = clientFor({
    destination: { server: server.url },
    baseUrl: server.url,
    token,
    tokenOrigin: token === null ? null : originOf(server.url),
    boundTokens: boundTokens ?? [],
    signedIn: token !== null,
  });
  return { server, token, report: await testConnection(client, token !== null) };
}

/**
 * Saves a server only after every check passed; any failure (invalid address, permission refused, failed
 * connection test, a policy that forbids it) is thrown and the previous settings stay in force. Adds the
 * server to the saved ones (or updates the one saved at that address), never changing the default but for
 * the first server; leaves demo mode. The token is bound to the server's origin, in the place the policy
 * allows (lib/settings applies it).
 */
export async function saveServer(draft: ServerDraft): Promise<ConnectionReport> {
  const { server, token, report } = await checkServer(draft);
  const origin = token === null ? null : originOf(server.url);
  await saveSettings({
    type: 'server',
    entry: {
      server: { ...server, edition: report.edition },
      token: { value: token, place: draft.tokenPlace, origin },
    },
  });
  return report;
}
