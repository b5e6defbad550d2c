/** One object of callbacks for the page's whole life, each calling the latest version passed in. */
import { useMemo, useRef } from 'preact/hooks';

type Callbacks = Record<string, (...args: never[]) => unknown>;

/**
 * Rows are memoized (components/dashboard/PushItem): handing them callbacks made anew on every render would
 * render all 500 again on each keystroke. The returned object never changes; its functions forward to the
 * newest `callbacks`.
 */
export function useStable<T extends Callbacks>(callbacks: T): T {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  return useMemo(
    () =>
      Object.fromEntries(
        Object.keys(callbacks).map((key) => [
          key,
          (...args: never[]) => (latest.current[key] as (...a: never[]) => unknown)(...args),
        ]),
      ) as T,
    // The keys are fixed for the page's life; only the functions behind them change.
    [],
  );
}
