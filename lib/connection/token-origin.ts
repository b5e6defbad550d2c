/**
 * PROMISE (issue 9, issue 18): an API token goes only to the origin it was saved with. This is where that
 * is decided for every client (client.ts builds every one: the saved settings', the watcher's, Test
 * connection's and Connect's); the transport (lib/api/transport.ts) then sets Authorization only on a
 * request to the bound origin. Pages never re-check it.
 */
import { AppError } from '@/lib/errors';
import type { BoundToken, Settings } from '@/lib/settings';

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
