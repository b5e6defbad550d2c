/**
 * Shown at the top of every page while demo mode is on, so nobody mistakes a demo link for a real one.
 * Its look (.demo-banner) is in components/theme/controls.css, which every page imports.
 */
import { t } from '@/lib/i18n';

export interface DemoBannerProps {
  /** Where the user turns demo mode off; omitted on the settings page itself. */
  settingsHref?: string;
  /**
   * One line inside the popup's header (its 600 px hold the form whole): what matters there, that a link
   * made now opens only in this browser. Settings is beside it in the header, so it has no link.
   */
  compact?: boolean;
}

export function DemoBanner({ settingsHref, compact }: DemoBannerProps) {
  return (
    <p class={compact ? 'demo-banner demo-line' : 'demo-banner'}>
      {compact ? (
        t('popup_demoLine')
      ) : (
        <>
          <strong>{t('push_demoModeOn')}</strong> {t('push_demoPushesStay')}
        </>
      )}
      {/* The compact line sits beside the header's Settings link: it needs no link of its own. */}
      {settingsHref && !compact && (
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
