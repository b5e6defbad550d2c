/**
 * The quick push's connection to the saved default server, kept while the worker lives and the settings it
 * came from are the same. A new ApiClient asks the server's version (GET /api/v2/version) before its first
 * create, so a client made afresh for every click sent two requests per quick push where one does (issue
 * 13: the warm quick push was 4.9× the bare create from Node). Like the popup, which keeps one client per
 * server while it is open, the version is asked once per client: here once per worker life and settings.
 * Settings are read on every push, so a change of server, token or demo mode takes effect at once.
 */
import type { ApiClient } from '@/lib/api';
import { connectSaved, type Connection } from '@/lib/connection/client';
import { targetBaseUrl, targetToken } from '@/lib/connection/target';
import type { Settings } from '@/lib/settings';
import type { QuickConnection } from './create';

/** What clientForSettings builds a client from: two settings with the same key give the same client. */
function clientKey(settings: Settings): string {
  return JSON.stringify([
    settings.demoMode,
    settings.server,
    targetBaseUrl(settings),
    targetToken(settings),
    settings.tokenOrigin,
  ]);
}

/**
 * connect() for quick pushes: the saved settings read afresh each time (connectSaved still refuses a
 * token saved for another origin), the client reused while its key is unchanged.
 */
export function keptConnection(
  connect: () => Promise<Connection> = () => connectSaved(),
): () => Promise<QuickConnection> {
  let kept: { key: string; client: ApiClient } | undefined;
  return async () => {
    const { client, signedIn, settings } = await connect();
    const key = clientKey(settings);
    if (kept?.key !== key) kept = { key, client };
    return { client: kept.client, signedIn, defaults: settings.defaults };
  };
}
