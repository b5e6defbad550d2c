/**
 * The shapes of the stored settings and their fallbacks, free of @wxt-dev/storage so that the popup's plain
 * read (peek.ts) can use them without loading the store; items.ts re-exports every one.
 */
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

/** A saved server with where its token is kept (the token itself lives in the token items below). */
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
