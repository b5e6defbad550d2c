/**
 * Every item the extension keeps in browser.storage, in one place, each with its fallback and version.
 * No payload or passphrase is ever stored here: only settings, the token where the user chose, and the
 * demo service's own credentials.
 */
import { storage } from '#imports';
import { readServerList, removeVersion1Keys, serversFromVersion1 } from './migrate';
import { NO_POLICY, type PolicyState } from '@/lib/policy/types';
import {
  DEFAULT_PUSH_DEFAULTS,
  EMPTY_SERVER_LIST,
  type PushDefaults,
  type ServerList,
  type TokenMap,
} from './values';

export * from './values';

/**
 * The settings schema's version: 1 kept one server under `local:server` and its token in `local:token` or
 * `session:token`, with `local:tokenPlace` and `local:tokenOrigin`; 2 keeps a ServerList under the same key
 * and the tokens per server (migrate.ts moves version 1 over, nothing lost).
 */
export const SETTINGS_VERSION = 2;

/** The saved servers; empty until the user saves one (the extension then runs on the built-in demo). */
export const serversItem = storage.defineItem<ServerList>('local:server', {
  fallback: EMPTY_SERVER_LIST,
  version: SETTINGS_VERSION,
  migrations: { 2: serversFromVersion1 },
  onMigrationComplete: removeVersion1Keys,
});

/**
 * The key of serversItem's version mark (WXT keeps it under the item's key plus '$'): save.ts writes it in the
 * same write as the list, so a list written by a bulk write is never taken for version 1 data.
 */
export const SERVERS_META_KEY = `${serversItem.key}$` as const;

/** The saved servers: serversItem's value, migrated on read should it still be in version 1's shape. */
export async function readServers(): Promise<ServerList> {
  return readServerList(await serversItem.getValue());
}

/** Demo mode is on for a fresh install; saving a server turns it off, and the saved servers are kept. */
export const demoModeItem = storage.defineItem<boolean>('local:demoMode', { fallback: true, version: 1 });

/** The API tokens remembered on this device, by server (each server's tokenPlace says 'device'). */
export const deviceTokensItem = storage.defineItem<TokenMap>('local:serverTokens', {
  fallback: {},
  version: 1,
});
/** The API tokens kept for this browser session only, by server (tokenPlace 'session'). */
export const sessionTokensItem = storage.defineItem<TokenMap>('session:serverTokens', {
  fallback: {},
  version: 1,
});

export const pushDefaultsItem = storage.defineItem<PushDefaults>('local:pushDefaults', {
  fallback: DEFAULT_PUSH_DEFAULTS,
  version: 1,
});

/** The built-in demo service's user token, created on first use. */
export const demoTokenItem = storage.defineItem<string | null>('local:demoToken', {
  fallback: null,
  version: 1,
});

/** Watcher (lib/watch): bumped after every refresh that changed the cache; pages reload when it changes. */
export const watchRevisionItem = storage.defineItem<number>('local:watchRevision', {
  fallback: 0,
  version: 1,
});

export interface WatchSettings {
  /** Minutes between two scheduled refreshes: one of WATCH_INTERVALS. */
  intervalMinutes: number;
  /** Browser notifications for new events. */
  notifications: boolean;
  /** What the toolbar badge counts: unseen events, or active pushes. */
  badge: 'unseen' | 'active';
}

export const WATCH_INTERVALS = [1, 5, 15, 60] as const;

export const DEFAULT_WATCH_SETTINGS: WatchSettings = {
  intervalMinutes: 1,
  notifications: true,
  badge: 'unseen',
};

export const watchSettingsItem = storage.defineItem<WatchSettings>('local:watchSettings', {
  fallback: DEFAULT_WATCH_SETTINGS,
  version: 1,
});

/**
 * Quick push (lib/quick-push): what a failed menu or shortcut push had, kept so its notification's
 * "Try again" can send it, keyed by notification id. The one place a payload is held: storage.session only
 * (memory, never written to disk, gone when the browser closes, not readable by content scripts); each
 * entry is removed once sent again or once its notification is dismissed. Read back through zod
 * (lib/quick-push/held.ts).
 */
export const quickPushHeldItem = storage.defineItem<Record<string, unknown>>('session:quickPushHeld', {
  fallback: {},
  version: 1,
});

/** The delays, in seconds, the user may choose for clearing the clipboard; 0 is off. */
export const CLIPBOARD_CLEAR_DELAYS = [0, 30, 60, 120, 300] as const;

/**
 * Seconds after the extension copied a secret, a link or a passphrase before it clears the clipboard
 * (lib/clipboard), if the clipboard still holds that copy; 0 = never. Off by default: comparing needs the
 * optional clipboardRead permission, which the options page asks for when the user turns it on.
 */
export const clipboardClearItem = storage.defineItem<number>('local:clipboardClearSeconds', {
  fallback: 0,
  version: 1,
});

/**
 * Quick push: the link of a new push that points to another origin than the server, keyed by the id of the
 * notification that asks "Copy anyway"; nothing is copied until then. storage.session only, removed once
 * copied or once the notification is dismissed. Read back through zod (lib/quick-push/held.ts).
 */
export const quickPushLinksItem = storage.defineItem<Record<string, unknown>>('session:quickPushLinks', {
  fallback: {},
  version: 1,
});

/**
 * Whether the popup puts a new push's link on the clipboard as soon as it is created (issue 11: paste,
 * Enter, done). On by default; the options page turns it off. The copy happens in the popup itself.
 */
export const copyOnCreateItem = storage.defineItem<boolean>('local:copyOnCreate', {
  fallback: true,
  version: 1,
});

/**
 * The organization's policy as the background last read and checked it (lib/policy/background.ts, its one
 * writer), from storage.managed. Kept here because the checking needs zod, which the popup must not load:
 * every page reads this copy instead. Read again on every start of the background and on every change of
 * storage.managed, written only when it changed.
 */
export const policyItem = storage.defineItem<PolicyState>('local:policy', {
  fallback: NO_POLICY,
  version: 1,
});

/**
 * Set once the watcher's startup work (lib/watch/startup.ts: erasing left accounts, the alarm, the badge) is
 * done in this browser session, so a woken worker skips it. storage.session, like the alarm and the badge,
 * is gone when the browser closes and when the extension is reloaded, updated or disabled.
 */
export const watchStartedItem = storage.defineItem<boolean>('session:watchStarted', {
  fallback: false,
});
