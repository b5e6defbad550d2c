/**
 * The quick push's connection to the saved default server, kept while the worker lives and the settings it
 * came from are the same. A new ApiClient asks the server's version (GET /api/v2/version) before its first
 * create, so a client made afresh for every click sent two requests per quick push where one does (issue
 * 13: the warm quick push was 4.9× the bare create from Node). Like the popup, which keeps one client per
 * server while it is open, the version is asked once per client: here once per worker life and settings.
 * Settings are read on every push, so a change of server, token or demo mode takes effect at once. A new
 * client takes the version a client read earlier in the browser session (version.ts), so the first quick
 * push of a woken worker does not ask it again either (issue 22).
 */
import type { ApiClient } from '@/lib/api';
import { t } from '@/lib/i18n';
import type { ApiClientOptions } from '@/lib/api';
import { connectSaved, type Connection } from '@/lib/connection/client';
import { targetBaseUrl, targetToken } from '@/lib/connection/target';
import { loadSettings, type Settings } from '@/lib/settings';
import type { Connect } from './create';
import { destinationOf, refusalFor, sameDestination, type Destination } from './destination';
import { sessionVersions, type KnownVersions } from './version';

type Shared = Pick<ApiClientOptions, 'version' | 'versionRead'>;

// Logged for developers: the next woken worker asks the server again. i18n-ignore
const report = (error: unknown) => console.error('Could not keep the server version', error);

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

const serverOf = (destination?: Destination) =>
  destination && 'server' in destination ? destination.server : undefined;

/**
 * connect() for quick pushes: the saved settings read afresh each time (connectSaved still refuses a
 * token saved for another origin), the client reused while its key is unchanged. With a `destination`
 * ("Try again"), the connection is to that place only: when the settings no longer send there (the server
 * was removed, demo mode was turned on or off, a policy took it away) it is refused, with the reason, before
 * any client is made, so nothing is sent elsewhere and no demo token is asked for.
 */
export function keptConnection(
  connect: (url?: string, shared?: Shared, loaded?: Promise<Settings>) => Promise<Connection> = (
    url,
    shared,
    loaded,
  ) => connectSaved(url, shared, loaded),
  load: () => Promise<Settings> = loadSettings,
  versions: KnownVersions = sessionVersions(),
): Connect {
  let kept: { key: string; client: ApiClient } | undefined;
  return async (destination, loaded) => {
    if (destination) {
      const refused = refusalFor(destination, await load());
      if (refused) return { refused };
    }
    // A woken worker keeps no client: the versions known in this session are read beside the settings.
    const known = kept ? undefined : versions.read();
    const shared: Shared = {
      version: async (baseUrl) => (await (known ?? versions.read()))[baseUrl],
      versionRead: (baseUrl, info) => void versions.remember(baseUrl, info).catch(report),
    };
    const { client, signedIn, settings } = await connect(serverOf(destination), shared, loaded);
    const reached = destinationOf(settings);
    // The settings changed between the two reads: the push goes nowhere rather than elsewhere.
    if (destination && !sameDestination(destination, reached))
      return { refused: refusalFor(destination, settings) ?? t('quick_requestGone') };
    const key = clientKey(settings);
    if (kept?.key !== key) kept = { key, client };
    return { client: kept.client, signedIn, defaults: settings.defaults, destination: reached };
  };
}
