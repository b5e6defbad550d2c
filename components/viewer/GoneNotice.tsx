import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';

export interface GoneNoticeProps {
  reason: 'gone' | 'deleted';
}

/**
 * The end state for a push that has expired, never existed, or was just deleted. A page's content, not a
 * status region; the Delete that leads here says it through the page's live region (ShownPush).
 */
export function GoneNotice({ reason }: GoneNoticeProps) {
  // Focus lands here when it is nowhere (the Delete button that led here is gone), never on the body.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) card.current?.focus();
  }, []);
  return (
    <section class="card" aria-labelledby="gone-heading" tabIndex={-1} ref={card}>
      <h2 id="gone-heading">{reason === 'deleted' ? t('viewer_deletedTitle') : t('viewer_goneTitle')}</h2>
      <p>{reason === 'deleted' ? t('viewer_deletedBody') : t('viewer_goneBody')}</p>
    </section>
  );
}
