import { t } from '@/lib/i18n';

/** A push was created but its link is not one the extension hands on (lib/api/link.ts): say so instead. */
export function LinkRefused({ reason, onNew }: { reason: string; onNew?: () => void }) {
  return (
    <section class="sp-result" aria-labelledby="sp-result-title">
      <h2 id="sp-result-title">{t('push_created')}</h2>
      <p role="alert" class="sp-warning">
        {t('push_linkRefused', reason)}
      </p>
      {onNew && (
        <button type="button" onClick={onNew}>
          {t('push_newPush')}
        </button>
      )}
    </section>
  );
}
