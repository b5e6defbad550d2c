/**
 * Shown at the top of every page while demo mode is on, so nobody mistakes a demo link for a real one.
 * Its look (.demo-banner) is in components/theme/controls.css, which every page imports.
 */
import { t } from '@/lib/i18n';

export interface DemoBannerProps {
  /** Where the user turns demo mode off; omitted on the settings page itself. */
  settingsHref?: string;
}

export function DemoBanner({ settingsHref }: DemoBannerProps) {
  return (
    <p role="status" class="demo-banner">
      <strong>{t('push_demoModeOn')}</strong> {t('push_demoPushesStay')}
      {settingsHref && (
        <>
          {' '}
          <a href={settingsHref} target="_blank" rel="noopener">
            {t('push_useRealServer')}
          </a>
        </>
      )}
    </p>
  );
}
