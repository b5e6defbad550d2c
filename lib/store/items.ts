/**
 * Every item the extension keeps in browser.storage, in one place, each with its fallback and version.
 * No payload or passphrase is ever stored here: only settings, the token where the user chose, and the
 * demo service's own credentials.
 */
import { storage } from '#imports';

export type ServerChoice = {
  kind: 'hosted' | 'self-hosted';
  /** Base URL: origin plus optional path, no trailing slash (lib/store/rules.ts normalizeServerUrl). */
  url: string;
  /** Edition seen by the connection test when the server was saved; optional, so version 1 data still fits. */
  edition?: 'pro' | 'oss';
};
export type TokenPlace = 'device' | 'session';

export interface PushDefaults {
  /** pro: duration enum 0..17 */
  expireAfterDuration: number;
  /** oss: 1..90 days */
  expireAfterDays: number;
  expireAfterViews: number;
  retrievalStep: boolean;
  deletableByViewer: boolean;
  passphrase: boolean;
}

export const DEFAULT_PUSH_DEFAULTS: PushDefaults = {
  expireAfterDuration: 12,
  expireAfterDays: 7,
  expireAfterViews: 5,
  retrievalStep: true,
  deletableByViewer: true,
  passphrase: false,
};

/** The saved server; null until the user saves one (the extension then runs on the built-in demo). */
export const serverItem = storage.defineItem<ServerChoice | null>('local:server', {
  fallback: null,
  version: 1,
});

/** Demo mode is on for a fresh install; saving a server turns it off, and the saved server is kept. */
export const demoModeItem = storage.defineItem<boolean>('local:demoMode', { fallback: true, version: 1 });

/** Where the user chose to keep the API token. */
export const tokenPlaceItem = storage.defineItem<TokenPlace>('local:tokenPlace', {
  fallback: 'device',
  version: 1,
});
/** The API token remembered on this device (only when tokenPlace is 'device'). */
export const deviceTokenItem = storage.defineItem<string | null>('local:token', {
  fallback: null,
  version: 1,
});
/** The API token for this browser session only (only when tokenPlace is 'session'). */
export const sessionTokenItem = storage.defineItem<string | null>('session:token', {
  fallback: null,
  version: 1,
});

/**
 * The origin the API token was saved for (issue 9): the token is sent only there. Written with the token;
 * absent for data saved before it existed, which loadSettings binds to the saved server.
 */
export const tokenOriginItem = storage.defineItem<string | null>('local:tokenOrigin', {
  fallback: null,
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
