/**
 * A destination (target.ts) kept with a held quick push so "Try again" sends it there and nowhere else: the
 * default server at retry time may be another one than the push failed on (issue 18). A server is named by
 * its url only; its token is read from the settings again when the push is retried, and still refused for
 * another origin (client.ts). Read back through zod (the storage boundary).
 */
import { lazySchema, z } from '@/lib/zod';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings';
import type { Destination } from './target';

export const destinationSchema = lazySchema(() =>
  z.union([
    /** The built-in demo service. */
    z.object({ demo: z.literal(true) }),
    /** One saved server, by its normalized url. */
    z.object({ server: z.string() }),
  ]),
);

/** Whether two destinations are the same place. */
export function sameDestination(a: Destination | null, b: Destination | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A server as a notification names it: its host (and port), as the person typed it in Settings. */
const named = (url: string) => new URL(url).host;

/**
 * Why a push meant for `destination` cannot go there under `settings` (the settings in force, with the
 * organization's policy applied), in one sentence; undefined when it can.
 */
export function refusalFor(destination: Destination, settings: Settings): string | undefined {
  if ('demo' in destination) {
    if (settings.demoMode) return undefined;
    return settings.policy?.allowDemoMode === false
      ? t('quick_retryDemoNotAllowed')
      : t('quick_retryDemoOff');
  }
  const host = named(destination.server);
  if (settings.demoMode) return t('quick_retryDemoOn', host);
  if (settings.servers.some((server) => server.url === destination.server)) return undefined;
  return settings.policy?.lockServer
    ? t('quick_retryServerManaged', host)
    : t('quick_retryServerRemoved', host);
}
