/**
 * The dashboard's first read, prefetched as its script runs: the settings, then the cache for them at once.
 * The settings are handed out only once that read has answered, so the page's first render with them draws
 * the first screen's rows too: before, it drew the page without rows, waited a frame for its effects, then
 * drew the rows (issue 22). Each piece is taken once: the settings by useSettings, the cache's answer by
 * useTracked's first render (when its settings are these). That read takes the newest firstScreen()
 * pushes only; useTracked reads them all next (at 10,000, reading them all took ~200 ms before the first row could
 * show).
 */
import { OVERSCAN_PX, ROW_ESTIMATE } from '@/components/dashboard/useWindowedRows';
import type { Settings } from '@/lib/settings';
import { loadSettings } from '@/lib/settings/read';
import { readTracked, type TrackedSnapshot } from '@/lib/watch/view';

/**
 * How many pushes the first screen is drawn from: as many rows as the window holds at their least height (49
 * px: a name on one line and the created line), with those the list renders beyond its bottom edge (OVERSCAN_PX), so the first
 * screen is whole before the rest is read. A fixed 100 read and decoded four times the rows a 1280×800 window
 * shows (issue 22). No window (a worker, Node's tests): the rows below the edge only.
 */
export function firstScreen(height: number = globalThis.innerHeight ?? 0): number {
  return Math.ceil((height + OVERSCAN_PX) / (ROW_ESTIMATE - 1)) + 1;
}

let settings: Promise<Settings> | undefined;
/** The cache's first answer (undefined when the read failed: useTracked reads again and shows why). */
let snapshot: { settings: Settings; answer?: TrackedSnapshot } | undefined;

/** Starts the first read (main.tsx, before the first render): the cache opens while the settings are read. */
export function prefetchFirstRead(): void {
  const read = loadSettings();
  const answer = readTracked(read, { first: firstScreen() }).catch(() => undefined);
  settings = read.then(async (given) => {
    snapshot = { settings: given, answer: await answer };
    return given;
  });
}

/** The settings as first read: the prefetched ones (once the cache has answered), else the settings' one read. */
export function firstSettings(): Promise<Settings> {
  const prefetched = settings;
  settings = undefined;
  return prefetched ?? loadSettings();
}

/** The prefetched answer of the cache, if it was read for these very settings and not taken yet. */
export function takePrefetchedRead(forSettings: Settings): TrackedSnapshot | undefined {
  const prefetched = snapshot;
  snapshot = undefined;
  return prefetched?.settings === forSettings ? prefetched.answer : undefined;
}
