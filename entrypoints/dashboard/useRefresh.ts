/** The Refresh button: this page's own click, its refresh on opening, and the watcher's last run. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefreshBarProps } from '@/components/dashboard/RefreshBar';
import { announce } from '@/components/announce';
import { describeError } from '@/lib/api/describe';
import { t } from '@/lib/i18n';
import type { RefreshSummary } from '@/lib/watch/types';
import { askWatcher } from './ask';
import type { TrackedData } from './data';
import { lastRefreshed, refreshProblem, watcherProblem } from './refresh';

/** The fastest watcher interval: a cache younger than this is fresh whatever the interval chosen. */
const MINUTE = 60_000;

type Clicked = { busy: boolean; error?: string };

/** Whether the cache, as this page read it, may call for a refresh (the watcher decides with its interval). */
function looksStale({ pushes, watcher }: Pick<TrackedData, 'pushes' | 'watcher'>, now: number): boolean {
  const last = watcher?.lastSuccessAt;
  return pushes?.length === 0 || !last || now - last >= MINUTE;
}

/** Whether the page opens busy: its cache, read before its first render (prefetch.ts), looks stale. */
function opensBusy(tracked: Pick<TrackedData, 'pushes' | 'watcher'>): boolean {
  return tracked.pushes !== null && looksStale(tracked, Date.now());
}

/**
 * On opening, once the cache is read: the watcher refreshes if a cache is empty or older than its interval
 * (issue 19), and the page shows it busy meanwhile, so it never sits empty until the next alarm. A cache
 * read before the first render is drawn busy by it (opensBusy): marking it busy from this effect drew the
 * whole page a second time, between its first frame and the next (issue 22).
 */
function useRefreshOnOpen(tracked: Pick<TrackedData, 'pushes' | 'watcher' | 'reload'>, run: Runner) {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || tracked.pushes === null) return;
    asked.current = true;
    // A back-off answers 'waiting': not this page's failure to report (the watcher's last error shows).
    const ask = () =>
      askWatcher('refreshIfStale', undefined).then((summary) =>
        summary?.status === 'waiting' ? null : summary,
      );
    run(ask, looksStale(tracked, Date.now()));
  }, [tracked.pushes]);
}

/** `spoken`: a refresh the person asked for, whose end is said through the page's live region. */
type Runner = (ask: () => Promise<RefreshSummary | null>, showBusy: boolean, spoken?: boolean) => void;

export function useRefresh(
  tracked: Pick<TrackedData, 'pushes' | 'watcher' | 'reload'>,
): Omit<RefreshBarProps, 'now'> {
  const { watcher, reload } = tracked;
  // The outcome of this page's own refresh; scheduled refreshes are read from the watcher's state.
  const [clicked, setClicked] = useState<Clicked>(() => ({ busy: opensBusy(tracked) }));
  // Only the latest refresh speaks: the one on opening must not clear what a later click reported.
  const latest = useRef(0);
  const run: Runner = (ask, showBusy, spoken = false) => {
    const id = ++latest.current;
    const settle = (next: Clicked) => {
      if (id !== latest.current) return;
      setClicked(next);
      // Said once, when it ends: the busy line and "Last refreshed…" are not status regions (RefreshBar). A
      // failure is RefreshBar's alert, which says it (as it does for the watcher's own runs).
      if (spoken && !next.error) announce(t('dash_refreshDone'));
    };
    // Busy already (drawn so from the first render, opensBusy): the same state, so no render again.
    if (showBusy) setClicked((shown) => (shown.busy ? shown : { busy: true }));
    ask()
      .then(
        (summary) => settle({ busy: false, error: summary ? refreshProblem(summary) : undefined }),
        (error: unknown) => settle({ busy: false, error: describeError(error) }),
      )
      // The watcher bumps watchRevision after the refresh too; reloading here also covers a worker that
      // answered before the storage change reached this page.
      .finally(reload);
  };
  useRefreshOnOpen(tracked, run);
  return {
    busy: clicked.busy,
    lastRefreshed: lastRefreshed(watcher),
    error: clicked.error ?? watcherProblem(watcher),
    onRefresh: () => run(() => askWatcher('refresh', undefined), true, true),
  };
}
