/**
 * The only writers of the settings items. Each save is one storage.local write of everything it changes,
 * made after all checks passed, so a refused save leaves the previous settings whole and a reader never
 * sees half a save.
 */
import { storage } from '#imports';
import { AppError } from '@/lib/errors';
import {
  demoModeItem,
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
import { validateDefaults } from './defaults';
import { loadSettings, tokenItem } from './settings';
import { t } from '@/lib/i18n';

/** What one save changes; a missing field keeps its saved value. */
export interface SettingsChange {
  demoMode?: boolean;
  server?: ServerChoice;
  /**
   * The token always goes with its place, so it is written where loadSettings will look for it, and with
   * the origin it was saved for (the only one it is ever sent to).
   */
  token?: { value: string | null; place: TokenPlace; origin: string | null };
  defaults?: PushDefaults;
}

function localValues({ demoMode, server, token, defaults }: SettingsChange) {
  return [
    ...(server ? [{ key: serverItem.key, value: server }] : []),
    ...(demoMode !== undefined ? [{ key: demoModeItem.key, value: demoMode }] : []),
    ...(defaults ? [{ key: pushDefaultsItem.key, value: defaults }] : []),
    ...(token ? [{ key: tokenPlaceItem.key, value: token.place }] : []),
    ...(token?.place === 'device' ? [{ key: deviceTokenItem.key, value: token.value }] : []),
    ...(token ? [{ key: tokenOriginItem.key, value: token.value === null ? null : token.origin }] : []),
  ];
}

/**
 * Saves a change in one storage.local write. A session token lives in another storage area, which no
 * write can share: it is written just before (unread until tokenPlace says 'session'), and the token is
 * removed from the place it left just after (no longer read), so a token never lives in both places.
 */
export async function saveSettings(change: SettingsChange): Promise<void> {
  const { token } = change;
  if (token?.place === 'session') await storage.setItems([{ key: sessionTokenItem.key, value: token.value }]);
  await storage.setItems(localValues(change));
  if (!token) return;
  const other = tokenItem(token.place === 'device' ? 'session' : 'device');
  await storage.removeItems(token.value === null ? [deviceTokenItem, sessionTokenItem] : [other]);
}

/**
 * Moves the current token to `place` ("Remember on this device" / "This browser session only"), with any
 * other change saved at the same time.
 */
export async function setTokenPlace(place: TokenPlace, also: SettingsChange = {}): Promise<void> {
  const { token, tokenOrigin } = await loadSettings();
  await saveSettings({ ...also, token: { value: token, place, origin: tokenOrigin } });
}

export interface ServerSettingsInput {
  server: ServerChoice;
  token: string | null;
  tokenPlace: TokenPlace;
}

/**
 * Saves a server that has already been checked (permission granted, connection tested: lib/connection
 * saveServer) with its token, and leaves demo mode: saving a server means the user wants to use it.
 */
export function saveServerSettings(input: ServerSettingsInput, also: SettingsChange = {}): Promise<void> {
  const token = { value: input.token, place: input.tokenPlace, origin: new URL(input.server.url).origin };
  return saveSettings({ ...also, server: input.server, token, demoMode: false });
}

/**
 * Turns demo mode on or off. Turning it on keeps the saved server for later; turning it off needs one
 * (AppError 'validation' otherwise), and then uses it again.
 */
export async function setDemoMode(on: boolean): Promise<void> {
  if (!on && !(await serverItem.getValue()))
    throw new AppError('validation', t('store_demoNeedsServer'), {
      fields: { demoMode: [t('store_saveServerFirst')] },
    });
  await saveSettings({ demoMode: on });
}

/** Saves the defaults for new pushes after checking their ranges (AppError 'validation' with fields). */
export async function saveDefaults(defaults: PushDefaults): Promise<PushDefaults> {
  const valid = validateDefaults(defaults);
  await saveSettings({ defaults: valid });
  return valid;
}
