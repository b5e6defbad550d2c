/** The Refresh button: this page's own click, and the watcher's last run whoever started it. */
import { useState } from 'preact/hooks';
import type { RefreshBarProps } from '@/components/dashboard/RefreshBar';
import { describeError } from '@/lib/api/describe';
import { askWatcher } from './ask';
import type { TrackedData } from './data';
import { lastRefreshed, refreshProblem, watcherProblem } from './refresh';

export function useRefresh({
  watcher,
  reload,
}: Pick<TrackedData, 'watcher' | 'reload'>): Omit<RefreshBarProps, 'now'> {
  // The outcome of this page's own Refresh click; scheduled refreshes are read from the watcher's state.
  const [clicked, setClicked] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const onRefresh = () => {
    setClicked({ busy: true });
    askWatcher('refresh', undefined)
      .then(
        (summary) => setClicked({ busy: false, error: refreshProblem(summary) }),
        (error: unknown) => setClicked({ busy: false, error: describeError(error) }),
      )
      // The watcher bumps watchRevision after the refresh too; reloading here also covers a worker that
      // answered before the storage change reached this page.
      .finally(reload);
  };
  return {
    busy: clicked.busy,
    lastRefreshed: lastRefreshed(watcher),
    error: clicked.error ?? watcherProblem(watcher),
    onRefresh,
  };
}
