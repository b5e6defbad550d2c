/**
 * A saved API token belongs to the origin it was saved for (issue 9): the last guard before a client or a
 * connection test would send it in `Authorization` anywhere else.
 */
import { AppError } from '@/lib/errors';
import type { Settings } from '@/lib/store/settings';

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
 * Throws AppError 'token-elsewhere' unless `token` may go to `baseUrl`: no token, or a token saved for that
 * very origin. Settings read from storage always say where their token was saved (loadSettings).
 */
export function assertTokenFor(
  baseUrl: string,
  { token, tokenOrigin }: Pick<Settings, 'token' | 'tokenOrigin'>,
): void {
  if (token !== null && tokenOrigin !== originOf(baseUrl)) throw elsewhere(tokenOrigin, baseUrl);
}

/**
 * The options form's token for a server it checks: a token typed for it, or the saved token when that
 * server is the one it was saved for. The saved token offered for another origin is refused, whatever the
 * form still shows. Returns the binding the checked client is built with.
 */
export function draftTokenFor(
  baseUrl: string,
  token: string | null,
  saved: Pick<Settings, 'token' | 'tokenOrigin'>,
): Pick<Settings, 'token' | 'tokenOrigin'> {
  if (token !== null && token === saved.token) assertTokenFor(baseUrl, saved);
  return { token, tokenOrigin: token === null ? null : originOf(baseUrl) };
}
