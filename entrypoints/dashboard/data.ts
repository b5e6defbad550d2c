/** The dashboard's view of the watcher's cache: loaded on open, reloaded whenever the watcher says so. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '@/lib/api/describe';
import { onWatchRevision } from '@/lib/store';
import { askWatcher } from './ask';
import type { Settings } from '@/lib/settings';
import { readTracked, type TrackedSnapshot } from '@/lib/watch/view';
import { firstScreen, takePrefetchedRead } from './prefetch';
import type { TrackedPush, WatcherState, WatchEvent } from '@/lib/watch/types';

/** How many events "Recent activity" lists. */
const EVENT_LIMIT = 20;

export interface TrackedData {
  pushes: TrackedPush[] | null;
  /** False while `pushes` are only the newest (the first screen's, firstScreen) and the rest are read. */
  whole: boolean;
  /** Newest first, at most EVENT_LIMIT, with `seen` as it was when loaded (so "New" stays visible). */
  events: WatchEvent[];
  /** The watcher's last refresh (any trigger: alarm, this page, another tab), its error, needsToken. */
  watcher: WatcherState | null;
  error?: string;
  reload: () => void;
}

/**
 * Tells the watcher the events are seen, only while the page is visible: a dashboard left open in a
 * background tab has not shown them to anyone.
 */
function markSeenWhenVisible(events: WatchEvent[]) {
  if (!events.some((event) => !event.seen) || document.visibilityState !== 'visible') return;
  askWatcher('markSeen', undefined).catch((error: unknown) =>
    console.error('Could not mark events as seen', error),
  );
}

/** How long the rest of the list waits at most for the first screen's paint (a hidden tab paints none). */
const PAINT_WAIT_MS = 100;

/**
 * Runs `then` once the frame under way is painted (an animation frame, then a task after it), or after
 * PAINT_WAIT_MS, whichever comes first: the rest of the list is read after the first screen shows, not in
 * its way (its 10,000 records, read and decoded, held the first paint back by 100–350 ms, issue 22).
 */
function afterPaint(then: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, PAINT_WAIT_MS);
}

/** useTracked's scope for every followed server's pushes (several saved servers, issue 12). */
export const ALL_SERVERS = '*';

/** What a page of `server` (ALL_SERVERS: every followed server's) shows of a snapshot's pushes and events. */
function ofServer(fresh: TrackedSnapshot, server: string) {
  const all = server === ALL_SERVERS;
  return {
    pushes: all ? fresh.pushes : fresh.pushes.filter((push) => push.server === server),
    events: fresh.events.filter((event) => all || event.server === server).slice(0, EVENT_LIMIT),
  };
}

/**
 * The pushes of `server` (ALL_SERVERS: of every followed server; null: none yet) for `settings`, the page's
 * own: the cache is read in one go with them, not with settings read again for each list. The page's first
 * read takes the newest firstScreen() pushes (prefetch.ts): its answer is this hook's first state, drawn with
 * the page's first render; then all of them are read. Later reads (the watcher's signal) take all at once,
 * so a list on screen never shrinks to its first screen.
 */
export function useTracked(settings: Settings, server: string | null): TrackedData {
  // Taken once, on the first render: a failed or missing prefetch leaves the first read to reload().
  const [taken] = useState(() => (server === null ? undefined : takePrefetchedRead(settings)));
  const prefetched = useRef(taken);
  const first = prefetched.current && server !== null ? ofServer(prefetched.current, server) : undefined;
  const [pushes, setPushes] = useState<TrackedPush[] | null>(first?.pushes ?? null);
  const [whole, setWhole] = useState(prefetched.current?.whole ?? false);
  const [events, setEvents] = useState<WatchEvent[]>(first?.events ?? []);
  const [watcher, setWatcher] = useState<WatcherState | null>(prefetched.current?.watcher ?? null);
  const [error, setError] = useState<string>();
  // Which read speaks: only the latest started (a slow read must not overwrite a newer one's answer).
  const latest = useRef(0);
  const shownWhole = useRef(prefetched.current?.whole ?? false);

  const reload = useCallback(() => {
    if (server === null) return;
    const id = ++latest.current;
    const failed = (failure: unknown) => id === latest.current && setError(describeError(failure));
    const showPushes = (fresh: TrackedSnapshot) => {
      setPushes(ofServer(fresh, server).pushes);
      setWhole(fresh.whole);
      shownWhole.current ||= fresh.whole;
    };
    // What follows an answer on screen: its events are seen; the rest, once the first screen is drawn (its
    // events stay as first read, "New" as they were).
    const shown = (fresh: TrackedSnapshot, mine: WatchEvent[]) => {
      markSeenWhenVisible(mine);
      if (!fresh.whole)
        afterPaint(() =>
          readTracked(settings).then((rest) => id === latest.current && showPushes(rest), failed),
        );
    };
    const show = (fresh: TrackedSnapshot) => {
      if (id !== latest.current) return;
      const mine = ofServer(fresh, server).events;
      showPushes(fresh);
      setEvents(mine);
      setWatcher(fresh.watcher);
      setError(undefined);
      shown(fresh, mine);
    };
    // The prefetched answer is on screen already (this hook's first state).
    const given = prefetched.current;
    prefetched.current = undefined;
    if (given) return shown(given, ofServer(given, server).events);
    readTracked(settings, { first: shownWhole.current ? undefined : firstScreen() }).then(show, failed);
  }, [settings, server]);

  useEffect(() => {
    reload();
    // The watcher bumps watchRevision after every refresh that ran (alarm, another tab's Refresh; changed,
    // unchanged or failed) and after every change of the cache: the one signal pages need.
    return onWatchRevision(reload);
  }, [reload]);

  useEffect(() => {
    const onVisible = () => markSeenWhenVisible(events);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [events]);

  return { pushes, whole, events, watcher, error, reload };
}
