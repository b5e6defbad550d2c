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
  tokenPlace: TokenPlace;
  defaults: PushDefaults;
  /** The built-in demo service's token (demoTokenItem); null until lib/demo creates it on first use. */
  demoToken?: string | null;
}

/** Reads every settings item, the token from the place the user chose. */
export async function loadSettings(): Promise<Settings> {
  const [demoMode, server, tokenPlace, defaults, demoToken] = await Promise.all([
    demoModeItem.getValue(),
    serverItem.getValue(),
    tokenPlaceItem.getValue(),
    pushDefaultsItem.getValue(),
    demoTokenItem.getValue(),
  ]);
  return { demoMode, server, token: await readToken(tokenPlace), tokenPlace, defaults, demoToken };
}

/** Calls back with fresh settings whenever any settings item changes (other tabs, the popup). */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const items = [
    demoModeItem,
    serverItem,
    tokenPlaceItem,
    deviceTokenItem,
    sessionTokenItem,
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
