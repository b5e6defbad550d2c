/**
 * What the settings model's two model-based tests share (model-based.test.ts: one action at a time;
 * model-concurrent.test.ts: pages and the background at once): the origins and their tokens, and the check
 * that every token is where the policy and the user put it, bound to its own origin.
 */
import { expect } from 'vitest';
import type { Policy, ServerState, TokenMap } from '@/lib/settings';

export const ORIGINS = ['https://a.example', 'https://b.example', 'https://c.example'] as const;
/** The tokens each origin's account accepts: a token is named after the one origin it belongs to. */
export const tokensOf = (index: number) => [`tok-${index}-one`, `tok-${index}-two`];
export const ownerOf = (token: string): string | undefined => ORIGINS[Number(token.split('-')[1])];

/**
 * Tokens only where the policy and the user put them: each in the place its server's entry names, bound
 * to its server's origin and owned by it; none on the device under "session", none in the session under
 * "device", none but the organization's server's under a locked server. `stray`: version 1's token saved for
 * another server than its own, which stays bound to its own origin.
 */
export function tokensWherePut(
  { list, device, session }: ServerState,
  policy: Policy,
  stray?: { url: string; token: string },
): void {
  const check = (map: TokenMap, place: 'device' | 'session') => {
    for (const [url, bound] of Object.entries(map)) {
      const saved = list.servers.find((server) => server.url === url);
      expect(saved?.tokenPlace, `${url}'s token in ${place}`).toBe(place);
      // Bound to its server's origin; version 1's stray token (model-based.test.ts) stays bound to its own.
      const strayHere = stray?.url === url && stray.token === bound.value;
      expect(bound.origin).toBe(strayHere ? ownerOf(bound.value) : new URL(url).origin);
      expect(ownerOf(bound.value)).toBe(bound.origin);
    }
  };
  check(device, 'device');
  check(session, 'session');
  if (policy.tokenPlace === 'session') expect(device).toEqual({});
  if (policy.tokenPlace === 'device') expect(session).toEqual({});
  if (policy.lockServer && policy.serverUrl)
    expect(Object.keys({ ...device, ...session }).every((url) => url === policy.serverUrl)).toBe(true);
}
