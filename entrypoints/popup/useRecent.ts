import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '@/lib/settings/read';
import { onWatchRevision } from '@/lib/store';
import { listTrackedPushes } from '@/lib/watch/view';
import type { TrackedPush } from '@/lib/watch/types';
import { RECENT_COUNT } from './recent';
import { described } from './words';

/**
 * The last pushes created on this server, from the watcher's cache for `settings` the popup already read
 * (null while loading); `failed` says why the last read failed (null when it did not), while the list read
 * before stays. Reloads when the watcher bumps its revision (after a refresh that changed something, or a
 * push recorded here) and when the popup's settings change (it reads them again and hands them down).
 */
export function useRecentPushes(
  server: string,
  settings: Settings,
): { pushes: TrackedPush[] | null; failed: string | null } {
  const [pushes, setPushes] = useState<TrackedPush[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      // The newest few by the cache's creation index, not every push of the account (issue 22).
      listTrackedPushes(server, RECENT_COUNT, settings).then(
        (newest) => {
          if (!live) return;
          setPushes(newest);
          setFailed(null);
        },
        (error: unknown) => {
          console.error('Could not read the recent pushes', error);
          void described(error).then((message) => live && setFailed(message));
        },
      );
    void load();
    const unwatch = onWatchRevision(() => void load());
    return () => {
      live = false;
      unwatch();
    };
  }, [server, settings]);
  return { pushes, failed };
}
