import { useEffect, useState } from 'preact/hooks';

/** How long a send may run before the form's fields are drawn disabled (most creates are answered sooner). */
export const FREEZE_AFTER_MS = 200;

/**
 * Whether the form's fields are drawn disabled: only once a send has run FREEZE_AFTER_MS. Disabling them at
 * the click cost 1–4 ms of Create → link (Chromium blurs a focused field it disables, and lays the page out
 * again) for a state most creates leave within 20 ms; meanwhile the form takes no typing (`onBeforeInput`)
 * and the reducer no edit. Before the fields are disabled, focus inside them moves to `keep` (Create, which
 * stays focusable: aria-disabled), so it never falls to the page's body.
 */
export function useFrozen(
  sending: boolean,
  fields: { current: HTMLElement | null },
  keep: { current: HTMLElement | null },
): boolean {
  const [frozen, setFrozen] = useState(false);
  useEffect(() => {
    if (!sending) return setFrozen(false);
    const timer = setTimeout(() => {
      if (fields.current?.contains(document.activeElement)) keep.current?.focus();
      setFrozen(true);
    }, FREEZE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sending]);
  return sending && frozen;
}
