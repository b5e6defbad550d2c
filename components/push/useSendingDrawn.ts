import { useEffect, useState } from 'preact/hooks';

/** How long a send runs before the form draws it: about when a wait starts to be noticed. */
export const DRAWN_AFTER_MS = 100;

/**
 * Whether the form draws its send ("Sending…" beside Create and in the page's live region, the form busy,
 * Create aria-disabled, the fields disabled, the this-page row and the guard's Turn off put away): only once
 * a send has run DRAWN_AFTER_MS. Drawn at the click, the redraw ran while the request was out and held up
 * its answer: Create → link took 12.6 ms against 8.4 ms undrawn in one bench, whose bare fetch took 7.0 ms
 * (issue 37); disabling a focused field also makes Chromium blur it and lay the page out again. Most creates
 * are answered sooner and never draw it. Meanwhile nothing differs but the drawing: the reducer takes no
 * edit and no second submit, and the form no typing (`onBeforeInput`). Before the fields are disabled, focus
 * inside them moves to `keep` (Create, which stays focusable: aria-disabled), never to the page's body.
 */
export function useSendingDrawn(
  sending: boolean,
  fields: { current: HTMLElement | null },
  keep: { current: HTMLElement | null },
): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!sending) return setDrawn(false);
    const timer = setTimeout(() => {
      if (fields.current?.contains(document.activeElement)) keep.current?.focus();
      setDrawn(true);
    }, DRAWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sending]);
  return sending && drawn;
}
