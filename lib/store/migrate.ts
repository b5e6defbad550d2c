/**
 * The settings schema's migration from version 1 (one server) to version 2 (a list of servers, each with its
 * own token). WXT runs it for serversItem (items.ts) in every context that loads the store, before any read
 * of the list; it is deterministic, so two contexts migrating at once write the same thing. The version 1
 * keys are removed only once the list is written (onMigrationComplete), so a migration cut short is simply
 * run again at the next start, with nothing lost.
 */
import { storage } from '#imports';
import type { ServerChoice, ServerList, TokenMap, TokenPlace } from './values';
import { isServerList } from './profiles';

export { isServerList };

/** Version 1's token keys, read here and nowhere else. */
const V1 = {
  deviceToken: 'local:token',
  sessionToken: 'session:token',
  tokenOrigin: 'local:tokenOrigin',
  tokenPlace: 'local:tokenPlace',
} as const;

async function readVersion1Token(): Promise<{
  place: TokenPlace;
  token: string | null;
  origin: string | null;
}> {
  const read = await storage.getItems([V1.tokenPlace, V1.deviceToken, V1.sessionToken, V1.tokenOrigin]);
  const [place, device, session, origin] = read.map(({ value }) => (value ?? null) as string | null);
  const chosen: TokenPlace = place === 'session' ? 'session' : 'device';
  return { place: chosen, token: (chosen === 'device' ? device : session) ?? null, origin: origin ?? null };
}

/**
 * Version 1 → 2: the one saved server becomes the list's only server and its default, and its token moves
 * to that server's entry in the place the user chose, bound to the origin it was saved for. A token saved
 * before that origin was recorded (issue 9) was saved with this server, so it is bound to this server's origin.
 */
export async function serversFromVersion1(old: unknown): Promise<ServerList> {
  if (isServerList(old)) return old;
  const server = old as ServerChoice;
  const { place, token, origin } = await readVersion1Token();
  if (token !== null) {
    const bound: TokenMap = { [server.url]: { value: token, origin: origin ?? new URL(server.url).origin } };
    // The token stays in the area it was in: a session token never touches the disk.
    await storage.setItem(place === 'device' ? 'local:serverTokens' : 'session:serverTokens', bound);
  }
  const { kind, url, edition } = server;
  const saved = { kind, url, ...(edition ? { edition } : {}), tokenPlace: place };
  return { servers: [saved], defaultUrl: url };
}

/** Removes version 1's token keys once version 2's list is written (never before: see the module comment). */
export function removeVersion1Keys(): void {
  storage
    .removeItems(Object.values(V1))
    .catch((error: unknown) => console.error('Could not remove the version 1 token keys', error));
}

/**
 * The list as saved, whatever shape storage holds: WXT's migration reports a failure only to the console and
 * leaves the old value in place, and a version 1 value written after the store loaded (an older copy of the
 * extension syncing, a test's fixture) is never seen by it. Either is migrated here, on read, and saved.
 */
export async function readServerList(stored: unknown): Promise<ServerList> {
  if (isServerList(stored)) return stored;
  if (stored === null || typeof stored !== 'object') return { servers: [], defaultUrl: null };
  const list = await serversFromVersion1(stored);
  await storage.setItems([
    { key: 'local:server', value: list },
    { key: 'local:server$', value: { v: 2 } }, // the version mark WXT keeps beside the item
  ]);
  removeVersion1Keys();
  return list;
}
