/**
 * The shapes of the settings model (issue 18): what is stored, what a policy sets, and the settings in force
 * as one object. Types and constant fallbacks only, importing nothing but types, so that every other part
 * of the model (rules, policy, read, save, the options form) sits above it and none of them in a circle.
 */
import type { PushKind } from '@/lib/contract';

export type ServerChoice = {
  kind: 'hosted' | 'self-hosted';
  /** Base URL: origin plus optional path, no trailing slash (model.ts normalizeServerUrl). */
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

/**
 * A named set of create options (issue 39 §1): the push defaults' fields, the notification e-mails and the
 * note. Its expiry is the one it was made with: the duration (Pro), the days (open source) or both (the
 * first preset, which is the defaults); lib/presets decides whether a server's edition can honour it.
 */
export interface Preset {
  /** Unique in its list; a policy's presets are `policy-<n>`. */
  id: string;
  /** As the user typed it; '' for the first preset made from the defaults (shown as "Defaults"). */
  name: string;
  expireAfterDuration?: number;
  expireAfterDays?: number;
  expireAfterViews: number;
  retrievalStep: boolean;
  deletableByViewer: boolean;
  passphrase: boolean;
  /** Comma-separated addresses the server tells of each view ('' none); needs an API token. */
  notifyEmails: string;
  /** The push's note, seen only by its creator ('' none). */
  note: string;
  /** An organization's preset (managed policy): shown, used, never edited, moved or removed. */
  locked?: true;
}

/** The id of the first preset made from the saved defaults when presets were new (version before 39). */
export const FIRST_PRESET_ID = 'defaults';

/** The most presets a list holds (the popup's row and the menus stay usable). */
export const PRESETS_MAX = 12;

export const DEFAULT_PUSH_DEFAULTS: PushDefaults = {
  expireAfterDuration: 12,
  expireAfterDays: 7,
  expireAfterViews: 5,
  retrievalStep: true,
  deletableByViewer: true,
  passphrase: false,
};

// ---- The preferences that change no request (issue 38): each saved under its own key ----

/** Minutes the user may choose between two of the watcher's scheduled refreshes. */
export const WATCH_INTERVALS = [1, 5, 15, 60] as const;

/** How the watcher (lib/watch) runs. */
export interface WatchSettings {
  /** Minutes between two scheduled refreshes: one of WATCH_INTERVALS (an organization may set any). */
  intervalMinutes: number;
  /** Browser notifications for new views and expiries. */
  notifications: boolean;
  /** What the toolbar badge counts: unseen events, or active pushes. */
  badge: 'unseen' | 'active';
}

export const DEFAULT_WATCH_SETTINGS: WatchSettings = {
  intervalMinutes: 1,
  notifications: true,
  badge: 'unseen',
};

/** The delays, in seconds, the user may choose for clearing the clipboard; 0 is off. */
export const CLIPBOARD_CLEAR_DELAYS = [0, 30, 60, 120, 300] as const;

/**
 * The user's preferences besides the servers, the defaults and demo mode: read with them in one read
 * (read.ts), saved through the one save (save.ts), followed by part (read.ts followSettings). In a read,
 * `savedPreferences` are the user's own and `preferences` the ones in force under the policy.
 */
export interface Preferences {
  watch: WatchSettings;
  /**
   * Seconds after the extension copied a secret, a link or a passphrase before it clears the clipboard
   * (lib/clipboard), if the clipboard still holds that copy; 0 = never. Off by default: comparing needs the
   * optional clipboardRead permission, which the options page asks for when the user turns it on.
   */
  clipboardClearSeconds: number;
  /**
   * Notifications of failed attempts (a wrong passphrase, a try at an expired push): on by default, apart
   * from the notifications of views and expiries (issue 19); the dashboard's switch beside Recent activity.
   */
  failedAlerts: boolean;
  /**
   * The secret generator's panel choices, kept as its defaults for the next time: only the choices (length,
   * classes, words…), never a generated value; null until saved. Kept as stored: lib/generator owns their
   * shape and checks it (zod) where it reads them, so this read stays free of zod for the popup's first
   * screen.
   */
  generatorChoice: unknown;
  /**
   * The chat-preview guard (lib/chat-guard): a push made from a chat or mail web app's tab gets the
   * retrieval step. On by default; the options page turns it off.
   */
  chatGuard: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  watch: DEFAULT_WATCH_SETTINGS,
  clipboardClearSeconds: 0,
  failedAlerts: true,
  generatorChoice: null,
  chatGuard: true,
};

/** A saved server with where its token is kept (the token itself lives in the token maps). */
export interface SavedServer extends ServerChoice {
  tokenPlace: TokenPlace;
}

/**
 * The saved servers (issue 12), in the order they were added, and the default one: the server quick push
 * and a new popup use. A server is known by its base URL (`url`): saving the same address again updates it.
 */
export interface ServerList {
  servers: SavedServer[];
  /** The `url` of the default server; null only while the list is empty. */
  defaultUrl: string | null;
}

export const EMPTY_SERVER_LIST: ServerList = { servers: [], defaultUrl: null };

/** An API token with the origin it was saved for (issue 9): it is sent there and nowhere else. */
export interface BoundToken {
  value: string;
  origin: string;
}

/** Tokens by server `url`, one map per place the user may keep them. */
export type TokenMap = Record<string, BoundToken>;

/** The saved servers with both token maps: everything a server change may touch. */
export interface ServerState {
  list: ServerList;
  device: TokenMap;
  session: TokenMap;
}

// ---- The organization's policy (issue 12) ----

/** Where a token may be kept: 'any' leaves the choice to the user. */
export type PolicyTokenPlace = 'device' | 'session' | 'any';

/** The keys an organization may set; a missing key leaves that setting to the user. */
export interface Policy {
  /** The organization's server, normalized (model.ts normalizeServerUrl). */
  serverUrl?: string;
  /** The user cannot add, change or remove servers. */
  lockServer?: boolean;
  allowDemoMode?: boolean;
  tokenPlace?: PolicyTokenPlace;
  /** The kinds of push offered, in the popup and the quick-push menus; never empty. */
  allowedKinds?: PushKind[];
  /** The organization's defaults for new pushes, each field on its own. */
  defaults?: Partial<PushDefaults>;
  watchIntervalMinutes?: number;
  /** The organization's presets (issue 39), each locked, shown after the user's first. */
  presets?: Preset[];
  /** The most views any preset may give a push. */
  maxViews?: number;
  /** The longest expiry, in days, any preset may give a push. */
  maxExpireDays?: number;
}

export type PolicyKey = keyof Policy;

/** The keys in the order the schema and the README list them. */
export const POLICY_KEYS: readonly PolicyKey[] = [
  'serverUrl',
  'lockServer',
  'allowDemoMode',
  'tokenPlace',
  'allowedKinds',
  'defaults',
  'watchIntervalMinutes',
  'presets',
  'maxViews',
  'maxExpireDays',
];

/**
 * A managed value that was ignored: `key` names it as the administrator wrote it (`defaults.passphrase`,
 * `allowedKinds[2]`), `value` is what was there, shortened, for the options page to quote.
 */
export interface PolicyNote {
  key: string;
  value: string;
}

/** The checked policy and a note for each value it ignored (the first POLICY_NOTES_MAX, and a count). */
export interface PolicyState {
  policy: Policy;
  notes: PolicyNote[];
  /** Notes past the first POLICY_NOTES_MAX, counted only, so a bad policy cannot fill the storage quota. */
  notesLeftOff?: number;
}

/** How many notes a policy keeps word for word. */
export const POLICY_NOTES_MAX = 20;

/** No storage.managed, nothing set, or nothing valid: the user decides everything. */
export const NO_POLICY: PolicyState = { policy: {}, notes: [] };

// ---- The settings in force, read side ----

/** A saved server with its token, read from the place the user chose for it. */
export interface ServerProfile extends SavedServer {
  /** null: anonymous pushes on this server. */
  token: string | null;
  /** The origin `token` was saved for; it is never sent anywhere else (lib/connection). null: no token. */
  tokenOrigin: string | null;
}

export interface Settings {
  demoMode: boolean;
  /** The server pushes go to outside demo mode: the default one, or the one a page chose (settingsFor). */
  server: ServerChoice | null;
  /** The user's API token for `server`, read from where it lives; null = anonymous. */
  token: string | null;
  /** The origin `token` was saved for; it is never sent anywhere else (lib/connection). null: no token. */
  tokenOrigin: string | null;
  tokenPlace: TokenPlace;
  /** The first preset's options as the form's defaults (both expiry fields always set). */
  defaults: PushDefaults;
  /**
   * The presets in force, in order: the user's first (the defaults), the organization's (locked), then the
   * user's others. Absent only in settings built by hand (tests, a page's own copy): lib/presets reads
   * the one preset of `defaults` then.
   */
  presets?: Preset[];
  /** The built-in demo service's token; null until lib/demo creates it on first use. */
  demoToken?: string | null;
  /** Every saved server with its token, in the order they were added. */
  servers: ServerProfile[];
  /** The default server's url; null while none is saved. */
  defaultServer: string | null;
  /** The organization's policy these settings obey; absent when there is none, and in the user's own. */
  policy?: Policy;
  /**
   * Every token saved on this browser with the origin it is bound to, whatever the policy shows: the
   * request builder (lib/connection/client.ts) refuses one of them offered for another origin.
   */
  boundTokens?: readonly BoundToken[];
}
