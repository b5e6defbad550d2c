import { useEffect, useState } from 'preact/hooks';
import { watchRevisionItem } from '@/lib/store/items';
import { listTrackedPushes } from '@/lib/watch/read';
import type { TrackedPush } from '@/lib/watch/types';
import { RECENT_COUNT } from './recent';

/**
 * The last pushes created on this server, from the watcher's cache (null while loading); `failed` when the
 * last read failed, while the list read before stays. Reloads when the watcher bumps its revision (after a
 * refresh that changed something, or a push recorded here).
 */
export function useRecentPushes(server: string): { pushes: TrackedPush[] | null; failed: boolean } {
  const [pushes, setPushes] = useState<TrackedPush[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () =>
      listTrackedPushes(server).then(
        (all) => {
          if (!live) return;
          setPushes(all.slice(0, RECENT_COUNT));
          setFailed(false);
        },
        (error: unknown) => {
          console.error('Could not read the recent pushes', error);
          if (live) setFailed(true);
        },
      );
    void load();
    const unwatch = watchRevisionItem.watch(() => void load());
    return () => {
      live = false;
      unwatch();
    };
  }, [server]);
  return { pushes, failed };
}
