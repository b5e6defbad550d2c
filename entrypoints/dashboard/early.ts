/**
 * The dashboard's first read, started as its script runs: the cache opening while the settings are read,
 * then the cache read for them at once, while the page renders its frame around the list. Each piece is taken
 * once: the settings by useSettings, the cache by useTracked's first read (when its settings are these).
 */
import { readSettingsUnderPolicy, type Settings } from '@/lib/settings';
import { watchDb } from '@/lib/watch/db';
import { readTracked, type TrackedSnapshot } from '@/lib/watch/read-tracked';

let settings: Promise<Settings> | undefined;
let snapshot: { settings: Settings; read: Promise<TrackedSnapshot> } | undefined;

/** Starts the first read (main.tsx, before the first render). */
export function readEarly(): void {
  // A failed open is not kept (db.ts): the read below, or a later one, tries again and says why.
  watchDb().catch(() => undefined);
  settings = readSettingsUnderPolicy().then(({ settings: read }) => {
    const cache = readTracked(read);
    cache.catch(() => undefined); // its failure is useTracked's to show, when it takes it
    snapshot = { settings: read, read: cache };
    return read;
  });
}

/** The settings as first read: readEarly's, else the settings' one read. */
export function firstSettings(): Promise<Settings> {
  const early = settings;
  settings = undefined;
  return early ?? readSettingsUnderPolicy().then(({ settings: read }) => read);
}

/** readEarly's read of the cache, if it was made for these very settings and not taken yet. */
export function takeEarlyRead(forSettings: Settings): Promise<TrackedSnapshot> | undefined {
  const early = snapshot;
  snapshot = undefined;
  return early?.settings === forSettings ? early.read : undefined;
}
