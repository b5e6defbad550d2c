/**
 * The user's settings as one object, and the only writers of the settings items. Every write that changes
 * more than one item happens after all checks passed, so a refused save leaves the previous settings whole.
 */
import { AppError } from '@/lib/errors';
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
import { validateDefaults } from './rules';

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

function tokenItem(place: TokenPlace) {
  return place === 'device' ? deviceTokenItem : sessionTokenItem;
}

/** The API token from the place the user chose. */
export async function readToken(place?: TokenPlace): Promise<string | null> {
  return tokenItem(place ?? (await tokenPlaceItem.getValue())).getValue();
}

/** Stores the token in `place` and clears the other place, so a token never lives in both. */
export async function writeToken(token: string | null, place: TokenPlace): Promise<void> {
  const other: TokenPlace = place === 'device' ? 'session' : 'device';
  await tokenItem(place).setValue(token);
  await tokenItem(other).removeValue();
  await tokenPlaceItem.setValue(place);
}

/** Moves the current token to `place` ("Remember on this device" / "This browser session only"). */
export async function setTokenPlace(place: TokenPlace): Promise<void> {
  await writeToken(await readToken(), place);
}

export interface ServerSettingsInput {
  server: ServerChoice;
  token: string | null;
  tokenPlace: TokenPlace;
}

/**
 * Saves a server that has already been checked (permission granted, connection tested: lib/connection.ts
 * saveServer) with its token, and leaves demo mode: saving a server means the user wants to use it.
 */
export async function saveServerSettings(input: ServerSettingsInput): Promise<void> {
  await serverItem.setValue(input.server);
  await writeToken(input.token, input.tokenPlace);
  await demoModeItem.setValue(false);
}

/**
 * Turns demo mode on or off. Turning it on keeps the saved server for later; turning it off needs one
 * (AppError 'validation' otherwise), and then uses it again.
 */
export async function setDemoMode(on: boolean): Promise<void> {
  if (!on && !(await serverItem.getValue()))
    throw new AppError('validation', 'Save a server first: demo mode stays on until one is saved.', {
      fields: { demoMode: ['Save a server first.'] },
    });
  await demoModeItem.setValue(on);
}

/** Saves the defaults for new pushes after checking their ranges (AppError 'validation' with fields). */
export async function saveDefaults(defaults: PushDefaults): Promise<PushDefaults> {
  const valid = validateDefaults(defaults);
  await pushDefaultsItem.setValue(valid);
  return valid;
}
