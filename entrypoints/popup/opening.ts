/**
 * The popup's opening (issue 22): its first load (the settings' read, App.tsx) is asked for as the page's
 * modules run, and the page renders once that load has arrived or at the next frame, whichever comes
 * first. When storage answers before the first frame (it usually does), the first render is the final one:
 * no pending form rendered and then filled a second time, and no guess of the demo banner from the page's
 * localStorage (frame-hint.ts), whose first read waits on the browser process. When it does not, the pending
 * form is painted at that frame, as it was from the module's own task, and filled when the load arrives.
 * The settings' changes are followed from the same moment, so none made before the page renders is missed.
 */
import { onSettingsChange } from '@/lib/settings/read';

export interface Opening<T> {
  /** The first load, on its way or settled (the same promise the page waits for: no second read). */
  readonly loading: Promise<T>;
  /** Its value when it had arrived by the first render; undefined: the page opened pending. */
  readonly arrived?: T;
  /**
   * Calls `callback` on each change of the settings from the opening on (at once for one made before this
   * call); returns the unwatch.
   */
  follow(callback: () => void): () => void;
}

/** A frame's deadline in a page that draws none (a hidden tab gets no animation frames). */
const NO_FRAME_MS = 100;

/** Starts `load` now, and follows the settings' changes from now on. */
export function startOpening<T>(load: () => Promise<T>): Opening<T> {
  let follower: (() => void) | undefined;
  let missed = false;
  const unwatch = onSettingsChange(() => (follower ? follower() : (missed = true)));
  const opening: { -readonly [K in keyof Opening<T>]: Opening<T>[K] } = {
    loading: load(),
    follow(callback) {
      follower = callback;
      if (missed) callback();
      missed = false;
      return () => {
        follower = undefined;
        unwatch();
      };
    },
  };
  opening.loading.then(
    (value) => (opening.arrived = value),
    () => undefined, // the page reports it: it waits for `loading` itself
  );
  return opening;
}

/** Starts `load` now and calls `render` once: as soon as `load` settles, or at the next frame if sooner. */
export function openWith<T>(load: () => Promise<T>, render: (opening: Opening<T>) => void): void {
  const opening = startOpening(load);
  let rendered = false;
  const once = () => {
    if (rendered) return;
    rendered = true;
    render(opening);
  };
  // After startOpening's own handlers (they were added first), so `arrived` is set when it has arrived.
  opening.loading.then(once, once);
  requestAnimationFrame(once);
  setTimeout(once, NO_FRAME_MS);
}
