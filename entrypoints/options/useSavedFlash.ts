import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { t } from '@/lib/i18n';

/** How long the quiet "Saved" stays next to a section. */
const SHOWN_MS = 2000;

/**
 * True for a moment after a saved value changes (it follows storage, so this is what was written), never
 * for the first value read. null or undefined: not loaded yet. "Saved." is said through the page's live
 * region when the note appears, not again while it shows (a number typed digit by digit saves each time).
 */
export function useSavedFlash(value: unknown): boolean {
  const key = value === null || value === undefined ? null : JSON.stringify(value);
  const last = useRef<string | null>(null);
  const [shown, setShown] = useState(false);
  const showing = useRef(false);
  useEffect(() => {
    if (key === null) return;
    const before = last.current;
    last.current = key;
    if (before === null || before === key) return;
    if (!showing.current) announce(t('settings_saved'));
    showing.current = true;
    setShown(true);
    const timer = setTimeout(() => {
      showing.current = false;
      setShown(false);
    }, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return shown;
}
