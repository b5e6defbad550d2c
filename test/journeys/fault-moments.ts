/**
 * The moments the fault journeys (faults-push, faults-watch) stop the background at: drawn from one seed,
 * so a failing seed runs again the same way, and waited out as they are (the fault's own moment, never a
 * wait for something to happen).
 */

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Waits `ms`: a moment drawn from the seed. */
export const after = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
