import { EyeIcon } from '@/components/icons';
import { viewsBeforeReveal, type LifeFacts } from '@/lib/format/lifetime';
import { t } from '@/lib/i18n';
import { ExpiryNote } from './ExpiryNote';

export interface RevealStepProps {
  busy: boolean;
  /** What the page knows before the reveal; absent when it could not be asked. */
  facts?: LifeFacts;
  now: number;
  onReveal: () => void;
}

/** The retrieval step: nothing is fetched, and no view counted, until the person clicks. */
export function RevealStep({ busy, facts, now, onReveal }: RevealStepProps) {
  return (
    <section class="card" aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">{t('viewer_revealHeading')}</h2>
      <p>
        {facts ? viewsBeforeReveal(facts.views_remaining) : t('viewer_mayBeLimited')}{' '}
        {t('viewer_revealWhenReady')}
      </p>
      {facts && <ExpiryNote facts={facts} now={now} />}
      <button type="button" class="primary" onClick={onReveal} disabled={busy}>
        <EyeIcon />
        {busy ? t('viewer_revealing') : t('viewer_reveal')}
      </button>
    </section>
  );
}
