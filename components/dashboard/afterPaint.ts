/** How long `afterPaint` waits at most for the paint (a hidden tab paints none). */
const PAINT_WAIT_MS = 100;

/**
 * Runs `then` once the frame under way is painted (an animation frame, then a task after it), or after
 * PAINT_WAIT_MS, whichever comes first: for what the dashboard's first screen does not need (issue 22).
 * Not a useEffect alone: Preact runs a component's pending effects at once when it renders again, and the
 * list renders again before its first paint (useWindowedRows). Returns the cancel.
 */
export function afterPaint(then: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  const frame = requestAnimationFrame(() => setTimeout(once));
  const timer = setTimeout(once, PAINT_WAIT_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
