/**
 * Where the saved settings send requests, as one Target: where a push goes, its base URL, the token that
 * goes with it and the origin that token is bound to, the edition when known, and whether we are signed in.
 * The one answer for every context (background, popup, options, dashboard); client.ts builds a Target from
 * these answers (targetOf) and every client from a Target. Kept free of the API client and zod, and small:
 * this is lib/connection's light front, all of which the popup's first chunk carries.
 */
import type { Edition } from '@/lib/api';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import type { BoundToken, Settings } from '@/lib/settings';

/**
 * Where a push goes: the built-in demo service, or one saved server by its normalized url. Held with a
 * failed quick push so "Try again" goes there or nowhere (destination.ts: its schema and the refusals).
 */
export type Destination = { demo: true } | { server: string };

/** Everything a request is made from; a token in it may go only to `tokenOrigin` (client.ts). */
export interface Target {
  destination: Destination;
  /** DEMO_BASE_URL for the demo service, else the saved server's url. */
  baseUrl: string;
  /** null: anonymous (or the demo service before its token was created). */
  token: string | null;
  /** The origin the token was saved for; the demo service's own token needs none. */
  tokenOrigin: string | null;
  /** Every saved server's token with its origin: one offered for another origin is refused. */
  boundTokens: readonly BoundToken[];
  /** The edition when it is known without asking (knownEdition); undefined: the server must be asked. */
  edition?: Edition;
  signedIn: boolean;
}

type Mode = Pick<Settings, 'demoMode' | 'server'>;

/** Where these settings send a push now; null when nowhere (no server saved, demo mode off). */
export function destinationOf(settings: Mode): Destination | null {
  if (settings.demoMode) return { demo: true };
  return settings.server ? { server: settings.server.url } : null;
}

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
