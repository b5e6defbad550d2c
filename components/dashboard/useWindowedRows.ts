import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { placeRows, rowOffsets, rowsBetween, type PlacedRow } from './windowing';

/**
 * A collapsed row's height before it is measured: its name on one line and the created line under it (49 px)
 * and its 1 px line. A longer name wraps (issue 37) and its row is taller: rows are measured once rendered.
 */
export const ROW_ESTIMATE = 50;
/**
 * Rows rendered beyond each edge of the screen (about five): Tab moves into a row that is already there.
 * Not more: a keystroke in Search mounts every rendered row anew, and 16 ms hold about twenty (issue 22).
 */
export const OVERSCAN_PX = 200;

export interface WindowedRows {
  /** The list element: its place on the page says which rows are on screen. */
  list: { current: HTMLUListElement | null };
  /** The rows to render, in order, each with the gap above it; `after`: the space below the last. */
  rows: PlacedRow[];
  after: number;
  /** Give each rendered row's element (with data-key set) to measure it; null when it goes. */
  measure: (row: HTMLElement | null) => void;
}

/** The band of the list (px from its top) that is on screen or within OVERSCAN_PX of it. */
function bandOnScreen(list: HTMLElement): { top: number; bottom: number } {
  const { top } = list.getBoundingClientRect();
  return { top: -top - OVERSCAN_PX, bottom: window.innerHeight - top + OVERSCAN_PX };
}

/**
 * The band of the first render, before the list is in the page: at most one window's height of rows, the
 * most that can be on screen (the list starts at the top of the page or below it). Guessed with the margins
 * (OVERSCAN_PX both ways, from the top), the first render built a quarter more rows than the first screen's,
 * laid them out and took them away again (issue 22); the layout effect places the band where the list is.
 */
function firstBand(): { top: number; bottom: number } {
  return { top: 0, bottom: window.innerHeight };
}

/** The url_token of the row holding focus, followed as focus moves in and out of the list. */
function useFocusedKey(list: { current: HTMLUListElement | null }): string | null {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    const follow = () => {
      // Read once focus has settled: a window losing focus keeps its activeElement (and so its row).
      const row = document.activeElement?.closest<HTMLElement>('li[data-key]');
      setKey(row && list.current?.contains(row) ? (row.dataset.key ?? null) : null);
    };
    const later = () => setTimeout(follow);
    document.addEventListener('focusin', follow);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', follow);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return key;
}

/** Heights of rendered rows by key, kept while they scroll away; `version` moves when one changes. */
function useRowHeights(): {
  heights: Map<string, number>;
  version: number;
  measure: WindowedRows['measure'];
} {
  const heights = useRef(new Map<string, number>()).current;
  const [version, setVersion] = useState(0);
  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null;
    return new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const row = entry.target as HTMLElement;
        const height = entry.borderBoxSize?.[0]?.blockSize ?? row.getBoundingClientRect().height;
        const key = row.dataset.key;
        // A row not laid out (height 0: display none, a detached node) keeps its last height.
        if (!key || height <= 0 || heights.get(key) === height) continue;
        heights.set(key, height);
        changed = true;
      }
      if (changed) setVersion((v) => v + 1);
    });
  }, []);
  useEffect(() => () => observer?.disconnect(), [observer]);
  const observed = useRef(new Map<string, HTMLElement>()).current;
  const measure = (row: HTMLElement | null) => {
    if (!row || !observer) return;
    const key = row.dataset.key!;
    const before = observed.get(key);
    if (before === row) return;
    if (before) observer.unobserve(before);
    observer.observe(row);
    observed.set(key, row);
  };
  return { heights, version, measure };
}

/**
 * A windowed list over `keys` (issue 19): only the rows on screen, a margin around them, the row holding
 * focus (so focus is not lost when it scrolls away and back) and `keep` (the row the page's address names,
 * the list's tab stop; -1 for none) are rendered.
 */
export function useWindowedRows(keys: readonly string[], keep: readonly number[]): WindowedRows {
  const list = useRef<HTMLUListElement | null>(null);
  const { heights, version, measure } = useRowHeights();
  const offsets = useMemo(() => rowOffsets(keys, heights, ROW_ESTIMATE), [keys, version]);
  const [band, setBand] = useState(firstBand);
  const range = rowsBetween(offsets, band.top, band.bottom);
  const rangeNow = useRef(range);
  rangeNow.current = range;
  const offsetsNow = useRef(offsets);
  offsetsNow.current = offsets;

  // After every render and on every scroll or resize: re-render only when a row that must be there is not.
  // Rows beyond the margin stay until then: the first screen's band (firstBand) often holds a row or two
  // more than the list's place on the page needs, and taking them away at once drew and laid the first
  // screen out twice.
  const follow = () => {
    if (!list.current) return; // no list on the page (nothing to show): no rows to place
    const next = bandOnScreen(list.current);
    const { start, end } = rowsBetween(offsetsNow.current, next.top, next.bottom);
    if (start < rangeNow.current.start || end > rangeNow.current.end) setBand(next);
  };
  useLayoutEffect(follow);
  useEffect(() => {
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow);
      window.removeEventListener('resize', follow);
    };
  }, []);

  const focusedKey = useFocusedKey(list);
  const focusedIndex = focusedKey === null ? -1 : keys.indexOf(focusedKey);
  const { rows, after } = placeRows(offsets, range, [focusedIndex, ...keep]);
  return { list, rows, after, measure };
}
