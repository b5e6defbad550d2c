import { useEffect, useRef, useState } from 'preact/hooks';

/** Rows rendered at first and added each time the end of the list comes into view. */
export const ROWS_PER_STEP = 30;

/**
 * How many rows of a long list to render: a first screenful and more, then another step whenever the
 * sentinel after the last row scrolls into view (or its button is pressed). Rendering 500 rows up front
 * took most of a second; a 1280×800 screen holds about 13.
 */
export function useShowMore(
  total: number,
  /** Rows that must be rendered (a push its address names, further down): the limit grows to hold them. */
  atLeast = 0,
): {
  limit: number;
  showMore: () => void;
  sentinel: { current: HTMLParagraphElement | null };
} {
  const [stepped, setLimit] = useState(ROWS_PER_STEP);
  const limit = Math.max(stepped, Math.ceil(atLeast / ROWS_PER_STEP) * ROWS_PER_STEP);
  const sentinel = useRef<HTMLParagraphElement | null>(null);
  const more = limit < total;
  const showMore = () => setLimit((before) => before + ROWS_PER_STEP);
  useEffect(() => {
    const target = sentinel.current;
    if (!more || !target || typeof IntersectionObserver === 'undefined') return;
    // A screen ahead: the next rows are there before the reader scrolls to them.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '600px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, limit]);
  return { limit, showMore, sentinel };
}
