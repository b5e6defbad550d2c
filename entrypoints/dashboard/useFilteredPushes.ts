/** The search and filters over the tracked pushes, and what they leave shown. */
import { useMemo, useState } from 'preact/hooks';
import { DEFAULT_FILTERS, filterPushes, type Filters } from '@/components/dashboard/filter';
import type { TrackedPush } from '@/lib/watch/types';

export interface FilteredPushes {
  filters: Filters;
  changeFilters: (patch: Partial<Filters>) => void;
  shown: TrackedPush[];
}

export function useFilteredPushes(pushes: TrackedPush[], now: number): FilteredPushes {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  // Filtering against a clock that ticks every second would re-sort on every tick; once a minute is enough
  // for a push to move from "active" to "expired" in the filter (its own card updates every second).
  const minute = Math.floor(now / 60_000) * 60_000;
  const shown = useMemo(() => filterPushes(pushes, filters, minute), [pushes, filters, minute]);
  return { filters, changeFilters: (patch) => setFilters((old) => ({ ...old, ...patch })), shown };
}
