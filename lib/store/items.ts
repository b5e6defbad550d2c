/**
 * The items the extension keeps in browser.storage besides the settings model (lib/settings: servers,
 * tokens, demo mode, defaults, the policy, copy on create), each with its fallback and version. No payload
 * or passphrase is ever stored here, but for quick push's held entries in storage.session (see below).
 */
import { storage } from '#imports';
import { lazy } from '@/lib/lazy';

/**
 * An item defined on its first use. @wxt-dev/storage's defineItem reads the item's value from storage the
 * moment it is defined (for an `init`, which no item here has): seven reads on every start of the service
 * worker, each a round trip queued before a quick push's own reads (issue 22). Defined on first use, the
 * item is the same; only the unused read is gone.
 */
const defineItem = ((...args: Parameters<typeof storage.defineItem>) =>
  lazy(() => storage.defineItem(...args))) as typeof storage.defineItem;

/** Watcher (lib/watch): bumped after every refresh that changed the cache; pages reload when it changes. */
export const watchRevisionItem = defineItem<number>('local:watchRevision', {
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

export const watchSettingsItem = defineItem<WatchSettings>('local:watchSettings', {
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
export const quickPushHeldItem = defineItem<Record<string, unknown>>('session:quickPushHeld', {
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
export const clipboardClearItem = defineItem<number>('local:clipboardClearSeconds', {
  fallback: 0,
  version: 1,
});

/**
 * Quick push: the link of a new push that points to another origin than the server, keyed by the id of the
 * notification that asks "Copy anyway"; nothing is copied until then. storage.session only, removed once
 * copied or once the notification is dismissed. Read back through zod (lib/quick-push/held.ts).
 */
export const quickPushLinksItem = defineItem<Record<string, unknown>>('session:quickPushLinks', {
  fallback: {},
  version: 1,
});

/**
 * Quick push (lib/quick-push/version.ts): the version answer of each server a quick push's client read in
 * this browser session, by base URL, so a woken service worker's first quick push does not ask it again.
 * Public data (the same for every caller); storage.session, gone when the browser closes. Read back
 * through zod.
 */
export const quickPushVersionsItem = defineItem<Record<string, unknown>>('session:quickPushVersions', {
  fallback: {},
});

/**
 * Set once the watcher's startup work (lib/watch/background/startup.ts: erasing left accounts, the alarm, the badge) is
 * done in this browser session, so a woken worker skips it. storage.session, like the alarm and the badge,
 * is gone when the browser closes and when the extension is reloaded, updated or disabled.
 */
export const watchStartedItem = defineItem<boolean>('session:watchStarted', {
  fallback: false,
});
