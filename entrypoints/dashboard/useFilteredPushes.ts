/** The search and filters over the tracked pushes, and what they leave shown. */
import { useMemo, useState } from 'preact/hooks';
import { DEFAULT_FILTERS, filterIndexed, indexPushes, type Filters } from '@/components/dashboard/filter';
import type { TrackedPush } from '@/lib/watch/types';

export interface FilteredPushes {
  filters: Filters;
  changeFilters: (patch: Partial<Filters>) => void;
  shown: TrackedPush[];
}

export function useFilteredPushes(pushes: TrackedPush[], now: number): FilteredPushes {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  // Sorted and lower-cased once per list read from the cache; a keystroke only scans it.
  const index = useMemo(() => indexPushes(pushes), [pushes]);
  // `now` moves once a minute (Dashboard's clock): enough for a push to move from "active" to "expired".
  const shown = useMemo(() => filterIndexed(index, filters, now), [index, filters, now]);
  return { filters, changeFilters: (patch) => setFilters((old) => ({ ...old, ...patch })), shown };
}
