import { CheckIcon } from '@/components/icons/Check';
import { t } from '@/lib/i18n';

/**
 * The quiet "Saved" in a section's corner, for a moment after one of its settings was written. The live
 * region is always there, so the word is announced when it appears.
 */
export function SavedNote({ saved }: { saved: boolean }) {
  return (
    <span class="saved-note" aria-live="polite">
      {saved && (
        <>
          <CheckIcon size={14} />
          {t('settings_saved')}
        </>
      )}
    </span>
  );
}
