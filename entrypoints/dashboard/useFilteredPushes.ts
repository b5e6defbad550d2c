/** The search and filters over the tracked pushes, and what they leave shown. */
import { useMemo, useState } from 'preact/hooks';
import {
  DEFAULT_FILTERS,
  filterIndexed,
  indexPushes,
  isNarrowing,
  type Filters,
} from '@/components/dashboard/filter';
import type { TrackedPush } from '@/lib/watch/types';
import { useCountAnnounce } from './useCountAnnounce';

export interface FilteredPushes {
  filters: Filters;
  changeFilters: (patch: Partial<Filters>) => void;
  shown: TrackedPush[];
  /**
   * The filters narrow a list not read whole yet (the first screen's pushes only): `shown` is empty until
   * the rest is read, not the matches among the first few, which would be a wrong answer.
   */
  pending: boolean;
}

/** `whole`: whether `pushes` are all of them (useTracked reads the first screen's before the rest). */
export function useFilteredPushes(pushes: TrackedPush[], now: number, whole: boolean): FilteredPushes {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  // Sorted and lower-cased once per list read from the cache; a keystroke only scans it.
  const index = useMemo(() => indexPushes(pushes), [pushes]);
  const pending = !whole && isNarrowing(filters);
  // `now` moves once a minute (Dashboard's clock): enough for a push to move from "active" to "expired".
  const shown = useMemo(
    () => (pending ? [] : filterIndexed(index, filters, now)),
    [index, filters, now, pending],
  );
  // How many the filters leave, said to screen readers once they stop changing (not on every keystroke).
  useCountAnnounce(filters, shown.length, pushes.length);
  return { filters, changeFilters: (patch) => setFilters((old) => ({ ...old, ...patch })), shown, pending };
}
