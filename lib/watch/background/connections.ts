/**
 * The servers the watcher follows, each as a connection: its client, whether it can list the user's
 * pushes, and the account its pushes are kept under in the cache.
 */
import type { ApiClient } from '@/lib/api';
import { connectFollowed, type Connection as Connected } from '@/lib/connection';
import { AppError } from '@/lib/errors';
import { accountKey } from '../account';
import type { ActionDeps } from '../actions';
import type { WatchCache } from '../cache';

export interface Connection {
  client: ApiClient;
  hasToken: boolean;
  /** Whose pushes these are (account.ts accountKey): the key the cache keeps them under. */
  account: string;
}

async function toConnection({ client, signedIn, settings }: Connected) {
  // A client always has a server, so always an account.
  return { client, hasToken: signedIn, account: (await accountKey(settings)) as string };
}

/** Every server the watcher follows (lib/connection connectFollowed: settings → targets → clients), the default one first. */
export async function connectAllFromSettings(): Promise<Connection[]> {
  return Promise.all((await connectFollowed()).map(toConnection));
}

/** The client and cache of the server `server` (a push's base URL); the default server's when absent. */
export function depsFor(
  connections: Connection[],
  server: string | undefined,
  cacheFor: (account: string) => WatchCache,
  clock: () => number,
): ActionDeps {
  const match =
    server === undefined ? connections[0] : connections.find((one) => one.client.baseUrl === server);
  // Never the default server's client for another server's push: its url_token means nothing there.
  if (!match) throw new AppError('internal', 'That server is no longer followed.'); // i18n-ignore
  return { client: match.client, cache: cacheFor(match.account), server: match.client.baseUrl, clock };
}
