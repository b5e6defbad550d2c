import { useEffect, useRef, useState } from 'preact/hooks';

/** How long the quiet "Saved" stays next to a section. */
const SHOWN_MS = 2000;

/**
 * True for a moment after a saved value changes (it follows storage, so this is what was written), never
 * for the first value read. null or undefined: not loaded yet.
 */
export function useSavedFlash(value: unknown): boolean {
  const key = value === null || value === undefined ? null : JSON.stringify(value);
  const last = useRef<string | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (key === null) return;
    const before = last.current;
    last.current = key;
    if (before === null || before === key) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return shown;
}
