/**
 * The dashboard's first read, prefetched as its script runs: the settings, then the cache for them at once,
 * while the page renders its frame around the list. Each piece is taken once: the settings by useSettings,
 * the cache by useTracked's first read (when its settings are these). That read takes the newest FIRST_SCREEN
 * pushes only; useTracked reads them all next (issue 22: at 10,000, reading them all took ~200 ms before the
 * first row could show).
 */
import { readSettingsUnderPolicy, type Settings } from '@/lib/settings';
import { readTracked, type TrackedSnapshot } from '@/lib/watch/view';

/**
 * How many pushes the first screen is drawn from: more rows than the tallest screen shows (a row is 41 px; a
 * 2,160 px screen holds 53), so the first screen is whole before the rest is read.
 */
export const FIRST_SCREEN = 100;

let settings: Promise<Settings> | undefined;
let snapshot: { settings: Settings; read: Promise<TrackedSnapshot> } | undefined;

/** Starts the first read (main.tsx, before the first render). */
export function prefetchFirstRead(): void {
  settings = readSettingsUnderPolicy().then(({ settings: read }) => {
    const cache = readTracked(read, { first: FIRST_SCREEN });
    cache.catch(() => undefined); // its failure is useTracked's to show, when it takes it
    snapshot = { settings: read, read: cache };
    return read;
  });
}

/** The settings as first read: the prefetched ones, else the settings' one read. */
export function firstSettings(): Promise<Settings> {
  const prefetched = settings;
  settings = undefined;
  return prefetched ?? readSettingsUnderPolicy().then(({ settings: read }) => read);
}

/** The prefetched read of the cache, if it was made for these very settings and not taken yet. */
export function takePrefetchedRead(forSettings: Settings): Promise<TrackedSnapshot> | undefined {
  const prefetched = snapshot;
  snapshot = undefined;
  return prefetched?.settings === forSettings ? prefetched.read : undefined;
}
