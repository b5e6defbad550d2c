/** How many pushes the filters leave, said once the person stops changing them (issue 37). */
import { useEffect, useRef } from 'preact/hooks';
import { announce } from '@/components/announce';
import { t } from '@/lib/i18n';

/** A pause in typing long enough to be the end of a word, short enough to answer it. */
export const SETTLE_MS = 1_000;

/**
 * "Showing 31 of 304." through the page's live region, once the filters have stayed the same for SETTLE_MS:
 * the count under the list is plain text, since a status region there spoke on every keystroke. Nothing is
 * said when the page opens, nor when the watcher adds pushes while the filters stay as they are.
 */
export function useCountAnnounce(filters: unknown, shown: number, total: number): void {
  const counts = useRef({ shown, total });
  counts.current = { shown, total };
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    const timer = setTimeout(
      () => announce(t('dash_showing', counts.current.shown, counts.current.total)),
      SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [filters]);
}
