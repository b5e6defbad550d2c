/**
 * Pure changes to the saved servers and their tokens (no browser.* here): adding or updating one, making
 * one the default, removing one. save.ts and servers.ts write what these return.
 */
import type { SavedServer, ServerList, TokenMap, TokenPlace } from './items';

/** The saved servers with both token maps: everything a server change may touch. */
export interface ServerState {
  list: ServerList;
  device: TokenMap;
  session: TokenMap;
}

/** A server to save with its token; a server already saved under the same url is updated in place. */
export interface ServerEntry {
  server: Omit<SavedServer, 'tokenPlace'>;
  token: { value: string | null; place: TokenPlace; origin: string | null };
  /** Make it the default server (the first server saved always becomes the default). */
  makeDefault?: boolean;
}

function without(map: TokenMap, url: string): TokenMap {
  const copy = { ...map };
  delete copy[url];
  return copy;
}

/** The state with `entry` saved: its token in its place only, bound to its origin; none when value is null. */
export function withServer(state: ServerState, { server, token, makeDefault }: ServerEntry): ServerState {
  const saved: SavedServer = { ...server, tokenPlace: token.place };
  const known = state.list.servers.some((s) => s.url === server.url);
  const servers = known
    ? state.list.servers.map((s) => (s.url === server.url ? saved : s))
    : [...state.list.servers, saved];
  const defaultUrl = makeDefault || state.list.defaultUrl === null ? server.url : state.list.defaultUrl;
  let device = without(state.device, server.url);
  let session = without(state.session, server.url);
  if (token.value !== null) {
    const bound = {
      [server.url]: { value: token.value, origin: token.origin ?? new URL(server.url).origin },
    };
    if (token.place === 'device') device = { ...device, ...bound };
    else session = { ...session, ...bound };
  }
  return { list: { servers, defaultUrl }, device, session };
}

/** The state without the server `url` and its token; the default passes to the first server left. */
export function withoutServer(state: ServerState, url: string): ServerState {
  const servers = state.list.servers.filter((s) => s.url !== url);
  const defaultUrl = state.list.defaultUrl === url ? (servers[0]?.url ?? null) : state.list.defaultUrl;
  return {
    list: { servers, defaultUrl },
    device: without(state.device, url),
    session: without(state.session, url),
  };
}

/** The list with `url` as its default; unchanged when no such server is saved. */
export function withDefault(list: ServerList, url: string): ServerList {
  return list.servers.some((s) => s.url === url) ? { ...list, defaultUrl: url } : list;
}
