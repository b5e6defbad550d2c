/**
 * From a Target (target.ts) to a working API client, over the transport that reaches it (the built-in demo
 * service through demoFetch, a real server through fetch), and the one create over it. Every client of the
 * extension is built here.
 *
 * PROMISE (issue 9, issue 18): an API token goes only to the origin it was saved with. This is where that
 * is decided for every client (clientFor builds every one: the saved settings', the watcher's, Test
 * connection's and Connect's); the transport (lib/api/transport.ts) then sets Authorization only on a
 * request to the bound origin. Pages never re-check it.
 */
import {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type CreatePushInput,
  type CreateResult,
  type Push,
} from '@/lib/api';
import { demoFetch, demoPageOrigin, demoToken } from '@/lib/demo';
import { AppError } from '@/lib/errors';
import { checkLinkOf, type LinkCheck } from '@/lib/push/link';
import { loadSettings, settingsFor, type BoundToken, type Settings } from '@/lib/settings';
import { destinationOf, isSignedIn, knownEdition, targetBaseUrl, targetToken, type Target } from './target';

// The token held to its origin.

/** The origin of a base URL, as the token's binding records it. */
export function originOf(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

function elsewhere(savedFor: string | null, baseUrl: string): AppError {
  const target = originOf(baseUrl);
  return new AppError(
    'token-elsewhere',
    `The saved API token belongs to ${savedFor ?? 'another server'}, not ${target}: it is not sent there.`,
  );
}

/**
 * Throws AppError 'token-elsewhere' unless `token` may go to `baseUrl`: no token, or a token bound to that
 * very origin that no saved server of another origin holds (a token typed into the form for a third server
 * is bound to it, but one equal to another server's saved token is refused, whatever the form showed).
 */
export function assertTokenFor(
  baseUrl: string,
  { token, tokenOrigin, boundTokens = [] }: Pick<Settings, 'token' | 'tokenOrigin' | 'boundTokens'>,
): void {
  if (token === null) return;
  const target = originOf(baseUrl);
  if (tokenOrigin !== target) throw elsewhere(tokenOrigin, baseUrl);
  const other = boundTokens.find((bound: BoundToken) => bound.value === token && bound.origin !== target);
  if (other) throw elsewhere(other.origin, baseUrl);
}

// The client for a target.

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

// What happens right after a create, the same for the popup's send and quick push (issue 38): one
// createPush, the verdict on its link (lib/push/link.ts), then the caller's record step, in the turn the
// answer arrives, before anything can show, copy or open the link. A popup closed the moment its link
// appears, or a worker stopped after the copy, still has the push recorded (26eda2f, issue 37).

/** A created push, with the server it went to and the verdict on its link: only a link that passes is used. */
export interface CreatedPush {
  push: Push;
  /** The base URL of the server it went to (the demo service's in demo mode). */
  server: string;
  link: LinkCheck;
}

/**
 * Creates the push over `client`, checks its link, and calls `record` with both before returning: the
 * caller's record (the popup's hand-over to the background's outbox, quick push's record beside its copy)
 * starts in the answer's own turn and is returned unawaited as `recorded`, so a slow or failed record
 * never holds the link back nor turns into a failed create.
 */
export async function createAndRecord<R>(
  client: ApiClient,
  input: CreatePushInput,
  record: (created: CreatedPush) => R,
  options: { signal?: AbortSignal } = {},
): Promise<CreateResult & CreatedPush & { recorded: R }> {
  const result = await client.createPush(input, options);
  const created = {
    push: result.push,
    server: client.baseUrl,
    link: checkLinkOf(result.push.html_url, client.baseUrl),
  };
  return { ...result, ...created, recorded: record(created) };
}
