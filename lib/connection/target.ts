/**
 * Where the saved settings send requests: which server, which token, which edition, and whether we are
 * signed in. The one answer for every context (background, popup, options, dashboard). Kept free of the
 * API client and zod, so the popup can ask in its first chunk; client.ts builds the client from it.
 */
import type { Edition } from '@/lib/api';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import type { Settings } from '@/lib/settings';

type Mode = Pick<Settings, 'demoMode' | 'server'>;

/** The base URL pushes go to: the demo service in demo mode, else the saved server; null when none is. */
export function targetBaseUrl(settings: Mode): string | null {
  return settings.demoMode ? DEMO_BASE_URL : (settings.server?.url ?? null);
}

/**
 * The token that goes with requests: the demo service's own (once created) in demo mode, else the user's.
 * null: anonymous.
 */
export function targetToken(settings: Pick<Settings, 'demoMode' | 'token' | 'demoToken'>): string | null {
  return settings.demoMode ? (settings.demoToken ?? null) : settings.token;
}

/**
 * The edition when it is known without asking: the demo service runs the pro engine; a server's is the
 * one its connection test saw when it was saved. undefined: the server must be asked (client.edition()).
 */
export function knownEdition(settings: Mode): Edition | undefined {
  return settings.demoMode ? 'pro' : settings.server?.edition;
}

/**
 * Signed in: a token goes with every request, so the server shows this user's pushes with their views and
 * audit logs, and accepts files and e-mail notifications. Always true in demo mode (the demo service has
 * its own token, created by the background on first use).
 */
export function isSignedIn(settings: Pick<Settings, 'demoMode' | 'token'>): boolean {
  return settings.demoMode || Boolean(settings.token);
}
