/**
 * The user's settings as one object, read side. Kept free of zod and of the API client, so the popup can
 * read its settings in its first chunk; the writers are in save.ts.
 */
import {
  demoModeItem,
  demoTokenItem,
  deviceTokenItem,
  pushDefaultsItem,
  serverItem,
  sessionTokenItem,
  tokenOriginItem,
  tokenPlaceItem,
  type PushDefaults,
  type ServerChoice,
  type TokenPlace,
} from './items';

export interface Settings {
  demoMode: boolean;
  server: ServerChoice | null;
  /** The user's API token for the saved server, read from where it lives; null = anonymous. */
  token: string | null;
  /** The origin `token` was saved for; it is never sent anywhere else (lib/connection). null: no token. */
  tokenOrigin: string | null;
  tokenPlace: TokenPlace;
  defaults: PushDefaults;
  /** The built-in demo service's token (demoTokenItem); null until lib/demo creates it on first use. */
  demoToken?: string | null;
}

/** Reads every settings item, the token from the place the user chose. */
export async function loadSettings(): Promise<Settings> {
  const [demoMode, server, tokenPlace, defaults, demoToken, origin] = await Promise.all([
    demoModeItem.getValue(),
    serverItem.getValue(),
    tokenPlaceItem.getValue(),
    pushDefaultsItem.getValue(),
    demoTokenItem.getValue(),
    tokenOriginItem.getValue(),
  ]);
  const token = await readToken(tokenPlace);
  const tokenOrigin = token === null ? null : (origin ?? legacyTokenOrigin(server));
  return { demoMode, server, token, tokenOrigin, tokenPlace, defaults, demoToken };
}

/**
 * The migration of settings saved before the token's origin was stored: such a token was saved with the
 * server saved today (every save of a server writes its token), so it stays bound to that server's origin.
 */
function legacyTokenOrigin(server: ServerChoice | null): string | null {
  return server ? new URL(server.url).origin : null;
}

/** Calls back with fresh settings whenever any settings item changes (other tabs, the popup). */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const items = [
    demoModeItem,
    serverItem,
    tokenPlaceItem,
    deviceTokenItem,
    sessionTokenItem,
    tokenOriginItem,
    pushDefaultsItem,
  ];
  const reload = () => {
    loadSettings().then(callback, (error: unknown) => console.error('Could not reload settings', error));
  };
  const unwatch = items.map((item) => item.watch(reload));
  return () => unwatch.forEach((stop) => stop());
}

/** The item that holds the token when it lives in `place`. */
export function tokenItem(place: TokenPlace) {
  return place === 'device' ? deviceTokenItem : sessionTokenItem;
}

/** The API token from the place the user chose. */
export async function readToken(place?: TokenPlace): Promise<string | null> {
  return tokenItem(place ?? (await tokenPlaceItem.getValue())).getValue();
}
