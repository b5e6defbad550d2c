import { t } from '@/lib/i18n';

export interface GoneNoticeProps {
  reason: 'gone' | 'deleted';
}

/** The end state for a push that has expired, never existed, or was just deleted. */
export function GoneNotice({ reason }: GoneNoticeProps) {
  return (
    <section class="card" role="status" aria-labelledby="gone-heading">
      <h2 id="gone-heading">{reason === 'deleted' ? t('viewer_deletedTitle') : t('viewer_goneTitle')}</h2>
      <p>{reason === 'deleted' ? t('viewer_deletedBody') : t('viewer_goneBody')}</p>
    </section>
  );
}
