/**
 * The popup's read of its settings: one plain storage.get per area instead of the store's items, so the popup
 * opens without @wxt-dev/storage and the migrations. It reads the very keys and fallbacks of items.ts (a
 * test holds the two together) and builds the settings with the store's own functions (profiles.ts). A list
 * still in version 1's shape is left to the store, which migrates it on read (loaded only then).
 */
import { DEFAULT_PUSH_DEFAULTS, EMPTY_SERVER_LIST } from './values';
import { isServerList, settingsOf, withPolicy, type Settings } from './profiles';
import { NO_POLICY, type PolicyState } from '@/lib/policy/types';

/** Each item the popup reads, by its key in storage.local (items.ts names it 'local:<key>'), and its fallback. */
export const PEEKED_LOCAL = {
  server: EMPTY_SERVER_LIST,
  demoMode: true,
  pushDefaults: DEFAULT_PUSH_DEFAULTS,
  demoToken: null,
  serverTokens: {},
  policy: NO_POLICY,
  copyOnCreate: true,
  watchRevision: 0,
} as const;
/** The session tokens' key in storage.session ('session:serverTokens'). */
export const PEEKED_SESSION = { serverTokens: {} } as const;

type Stored = Record<string, unknown>;
const valueOf = <T>(stored: Stored, key: string, fallback: T): T => (stored[key] ?? fallback) as T;

/** The settings in force (as loadSettings reads them) and whether a new link is copied at once. */
export async function peekSettings(): Promise<{ settings: Settings; copyOnCreate: boolean }> {
  const [local, session] = await Promise.all([
    browser.storage.local.get(Object.keys(PEEKED_LOCAL)),
    browser.storage.session.get(Object.keys(PEEKED_SESSION)),
  ]);
  const copyOnCreate = valueOf(local, 'copyOnCreate', PEEKED_LOCAL.copyOnCreate);
  const list = local.server ?? EMPTY_SERVER_LIST;
  if (!isServerList(list)) {
    const { loadSettings } = await import('./settings');
    return { settings: await loadSettings(), copyOnCreate };
  }
  const settings = settingsOf({
    list,
    demoMode: valueOf(local, 'demoMode', PEEKED_LOCAL.demoMode),
    defaults: valueOf(local, 'pushDefaults', DEFAULT_PUSH_DEFAULTS),
    demoToken: valueOf(local, 'demoToken', null),
    device: valueOf(local, 'serverTokens', {}),
    session: valueOf(session, 'serverTokens', {}),
  });
  return {
    settings: withPolicy(settings, valueOf<PolicyState>(local, 'policy', NO_POLICY).policy),
    copyOnCreate,
  };
}

/** Calls back whenever one of `keys` (by storage area) changes; returns the unwatch. */
function onStoredChange(keys: Readonly<Record<string, readonly string[]>>, callback: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (keys[area]?.some((key) => key in changes)) callback();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** Calls back whenever the watcher bumps its revision (items.ts watchRevisionItem); returns the unwatch. */
export function onWatchRevision(callback: () => void): () => void {
  return onStoredChange({ local: ['watchRevision'] }, callback);
}

/** The keys, by area, of the items watchSettings (settings.ts) follows: what the settings are built from. */
export const SETTINGS_KEYS: Readonly<Record<string, readonly string[]>> = {
  local: ['demoMode', 'server', 'serverTokens', 'pushDefaults', 'policy'],
  session: ['serverTokens'],
};

/**
 * Calls back whenever one of the settings' stored values changes (what watchSettings follows, without the
 * store's library, so a page can follow its settings from its first render); returns the unwatch.
 */
export function onSettingsChange(callback: () => void): () => void {
  return onStoredChange(SETTINGS_KEYS, callback);
}
