/**
 * From a Target (target.ts) to a working API client, over the transport that reaches it (the built-in demo
 * service through demoFetch, a real server through fetch), and the one create over it. Every client of the
 * extension is built here.
 *
 * PROMISE (issue 9, issue 18): an API token goes only to the origin it was saved with. This is where that
 * is decided for every client (clientFor builds every one: the saved settings', the watcher's, Test
 * connection's and Connect's); the transport (lib/api/transport.ts) then sets Authorization only on a
 * request to the bound origin. Pages never re-check it.
 *
 * The kept connections of one context (issue 38): the popup's while it is open, quick push's while the
 * background lives. A new ApiClient asks the server's version (GET /api/v2/version) before its first create,
 * so a client made afresh for every push sent two requests where one does (issue 13); one client is kept per
 * server while its target (target.ts: destination, base URL, token and its origin, edition) stays the same.
 *
 * One invalidation rule: a kept connection is used as it is only while no settings a request is made from
 * changed since it was read (lib/settings followSettings' onStale); after such a change, or with settings the caller
 * read itself, the settings are read again and the client is kept only when its target is the same (its key).
 * So a send never goes out with a token, server or demo mode that is no longer saved.
 *
 * The background's kept connections also remember the servers' version answers for the browser session
 * (sessionVersions, issue 22). A client asks the version once before its first create (lib/api/client.ts),
 * and a kept client lives only as long as the service worker, so every woken worker's first quick push
 * asked it again: a round trip before the create, the largest part of a cold quick push's extra time. The
 * answer is public and the same for every caller, so it is kept per base URL in storage.session
 * (lib/store items.ts), read back through zod, and lost with the browser session like the worker's own
 * memory would be at the latest.
 */
import { exclusive } from '@/lib/async';
import {
  createApiClient,
  linkHomeOf,
  versionSchema,
  type ApiClient,
  type ApiClientOptions,
  type CreatePushInput,
  type CreateResult,
  type Edition,
  type LinkCheck,
  type Push,
  type VersionInfo,
} from '@/lib/api';
import { demoFetch, demoPageOrigin, demoToken } from '@/lib/demo';
import { AppError } from '@/lib/errors';
import { t } from '@/lib/i18n';
import { followSettings, loadSettings, settingsFor, type BoundToken, type Settings } from '@/lib/settings';
import { quickPushVersionsItem } from '@/lib/store';
import { z } from '@/lib/zod';
import { refusalFor, sameDestination } from './destination';
import {
  destinationOf,
  isSignedIn,
  knownEdition,
  targetBaseUrl,
  targetToken,
  type Destination,
  type Target,
} from './target';

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
      linkHome: linkHomeOf(baseUrl),
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
 * (below). `loaded`: the settings in force (loadSettings) when the caller read them already.
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
// createPush with the verdict on its link (lib/api/link.ts), then the caller's record step, in the turn the
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
  const created = { push: result.push, server: client.baseUrl, link: result.link };
  return { ...result, ...created, recorded: record(created) };
}

// The version answers of the browser session.

export interface KnownVersions {
  /** The answers kept, by base URL; empty when none is or storage cannot be read. */
  read(): Promise<Record<string, VersionInfo>>;
  /** Keeps a server's answer. */
  remember(baseUrl: string, info: VersionInfo): Promise<void>;
}

/** The answers in storage.session; anything that is not a version answer is dropped on the way in. */
export function sessionVersions(item = quickPushVersionsItem): KnownVersions {
  const read = async () => {
    const all = await item.getValue().catch(() => ({}));
    const valid = Object.entries(all).flatMap(([url, info]) => {
      const parsed = z.safeParse(versionSchema, info);
      return parsed.success ? [[url, parsed.data] as const] : [];
    });
    return Object.fromEntries(valid);
  };
  return {
    read,
    // Under a lock across contexts (issue 40): the popup and the background each keeping an answer at once
    // both keep theirs.
    remember: (baseUrl, info) =>
      exclusive(`secret-push:${item.key}`, async () => {
        await item.setValue({ ...(await read()), [baseUrl]: info });
      }),
  };
}

// The kept connections.

interface Kept {
  /** The target the client was made for, as JSON: the same key, the same client. */
  key: string;
  client: ApiClient;
  /** The server's edition once read (edition()). */
  edition?: Edition;
  /** The connection as last read, while no settings changed since: used without reading them again. */
  current?: Connection;
}

export interface KeptConnections {
  /**
   * The connection to the saved server `url` (undefined: the default one), with the kept client when its
   * target is unchanged. `loaded`: the settings in force as the caller read them (one push, one read). A
   * failed attempt is not kept.
   */
  connect(url?: string, loaded?: Promise<Settings>): Promise<Connection>;
  /**
   * connect() with the settings read afresh (or as the caller read them), to `destination` only ("Try
   * again"): when the settings no longer send there (the server was
   * removed, demo mode turned on or off, a policy took it away) it is refused, with the reason, before any
   * client is made, so nothing is sent elsewhere and no demo token is asked for. Without a destination,
   * where the settings point now.
   */
  connectTo(destination?: Destination, loaded?: Promise<Settings>): Promise<Connection | { refused: string }>;
  /** The edition of `url`'s server, asked once per kept client. */
  edition(url?: string): Promise<Edition>;
  /**
   * The client and edition kept for `url` when nothing changed since they were read, for a send that starts
   * its request in the click's own turn (issue 37); undefined when the send must connect().
   */
  ready(url?: string): { client: ApiClient; edition: Edition } | undefined;
}

// Logged for developers: the next woken worker asks the server again. i18n-ignore
const report = (error: unknown) => console.error('Could not keep the server version', error);

/** What a new client shares: the answers read earlier in the session, read now (beside the settings). */
function sharedVersion(versions: KnownVersions | undefined): SharedVersion {
  if (!versions) return {};
  const known = versions.read();
  return {
    version: async (baseUrl) => (await known)[baseUrl],
    versionRead: (baseUrl, info) => void versions.remember(baseUrl, info).catch(report),
  };
}

/** KeptConnections.connectTo over `connect`, with the settings read once for the refusal and the connection. */
async function connectTo(
  connect: KeptConnections['connect'],
  destination: Destination | undefined,
  read: Promise<Settings>,
): Promise<Connection | { refused: string }> {
  if (destination) {
    const refused = refusalFor(destination, await read);
    if (refused) return { refused };
  }
  const url = destination && 'server' in destination ? destination.server : undefined;
  const connection = await connect(url, read);
  // Aimed at the server, the settings still went elsewhere: the push goes nowhere rather than there.
  if (destination && !sameDestination(destination, connection.target.destination))
    return { refused: refusalFor(destination, connection.settings) ?? t('quick_requestGone') };
  return connection;
}

/**
 * `versions`: where the servers' version answers outlive this context (the background's storage.session,
 * sessionVersions); without it a kept client's memory is all. `follow`: calls back on a change of the settings
 * requests are made from; returns the unwatch (never called: the cache lives as long as its context).
 */
export function keptConnections({
  versions,
  load = loadSettings,
  follow = (changed) => followSettings(() => undefined, { onStale: changed }),
}: {
  versions?: KnownVersions;
  load?: () => Promise<Settings>;
  follow?: (changed: () => void) => unknown;
} = {}): KeptConnections {
  const kept = new Map<string | undefined, Kept>();
  let changes = 0;
  let following = false;

  async function connect(url?: string, loaded?: Promise<Settings>): Promise<Connection> {
    if (!following) {
      following = true;
      follow(() => {
        changes += 1;
        for (const one of kept.values()) delete one.current;
      });
    }
    const now = kept.get(url)?.current;
    if (now && loaded === undefined) return now;
    const seen = changes;
    // A context that keeps no client yet (a woken worker) reads the known versions beside the settings.
    const versionsRead = kept.has(url) ? undefined : sharedVersion(versions);
    const settings = await settingsToConnect(url, loaded ?? load());
    const target = savedTarget(settings);
    const key = JSON.stringify(target);
    let one = kept.get(url);
    if (one?.key !== key) {
      one = { key, client: clientFor(target, {}, versionsRead ?? sharedVersion(versions)) };
      kept.set(url, one);
    }
    const connection = { settings, target, client: one.client, signedIn: target.signedIn };
    // Read here after the last change: the next connect() may use it as it is.
    if (loaded === undefined && seen === changes) one.current = connection;
    return connection;
  }

  return {
    connect,

    connectTo: (destination, loaded) => connectTo(connect, destination, loaded ?? load()),

    async edition(url) {
      const { client } = await connect(url);
      const edition = await client.edition();
      const one = kept.get(url);
      if (one?.client === client) one.edition = edition;
      return edition;
    },

    ready(url) {
      const one = kept.get(url);
      return one?.current && one.edition !== undefined
        ? { client: one.client, edition: one.edition }
        : undefined;
    },
  };
}
