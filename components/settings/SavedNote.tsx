import { CheckIcon } from '@/components/icons';
import { t } from '@/lib/i18n';

/**
 * The quiet "Saved" in a section's corner, for a moment after one of its settings was written. Seen only:
 * the page's one live region says it (useSavedFlash), so a page of four sections has no four regions.
 */
export function SavedNote({ saved }: { saved: boolean }) {
  return (
    <span class="saved-note">
      {saved && (
        <>
          <CheckIcon size={14} />
          {t('settings_saved')}
        </>
      )}
    </span>
  );
}
