import type { Settings } from '@/lib/settings';
import type { useClipboardSetting } from './useClipboardSetting';
import { useSavedFlash } from './useSavedFlash';

/** The quiet "Saved" of each section that applies at once: where the token is kept, defaults, clipboard. */
export function useSavedNotes(settings: Settings | null, clipboard: ReturnType<typeof useClipboardSetting>) {
  return {
    tokenPlace: useSavedFlash(settings?.tokenPlace),
    defaults: useSavedFlash(settings?.defaults),
    // One section, two settings: either saved says so.
    clipboard: useSavedFlash(
      clipboard.seconds === null || clipboard.copyOnCreate === null
        ? null
        : [clipboard.seconds, clipboard.copyOnCreate],
    ),
  };
}
