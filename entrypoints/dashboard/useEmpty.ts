/** Why the list is empty, with its action (components/dashboard/empty.ts), from what the page knows. */
import type { EmptyListProps } from '@/components/dashboard/EmptyList';
import { emptyCase } from '@/components/dashboard/empty';
import { describeError } from '@/lib/api/describe';
import type { TrackedData } from './data';

export function useEmpty(
  tracked: Pick<TrackedData, 'pushes' | 'watcher'>,
  shown: number,
  refresh: { busy: boolean; onRefresh: () => void },
  hasToken: boolean,
  optionsUrl: string,
  /** The filters wait for the rest of the list (useFilteredPushes): the list is loading, not empty. */
  pending = false,
): EmptyListProps | null {
  const { watcher } = tracked;
  const pushes = pending ? null : tracked.pushes;
  const empty = emptyCase({ pushes, shown, refreshing: refresh.busy, hasToken, watcher });
  if (!empty) return null;
  const reason = empty.kind === 'unreachable' ? describeError(empty.error) : undefined;
  return { empty, reason, optionsUrl, onRefresh: refresh.onRefresh };
}
