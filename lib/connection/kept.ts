/**
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
import { versionSchema, type ApiClient, type Edition, type VersionInfo } from '@/lib/api';
import { t } from '@/lib/i18n';
import { followSettings, loadSettings, type Settings } from '@/lib/settings';
import { quickPushVersionsItem } from '@/lib/store';
import { z } from '@/lib/zod';
import { clientFor, savedTarget, settingsToConnect, type Connection, type SharedVersion } from './client';
import { refusalFor, sameDestination } from './destination';
import type { Destination } from './target';

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
