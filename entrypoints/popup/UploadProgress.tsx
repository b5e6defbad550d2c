/**
 * The upload's progress ("2.4 of 5 MB · 48%") and Cancel. The upload runs where closing the popup cannot
 * stop it (lib/upload), and the popup says so. Once the whole body is sent the server may already be
 * creating the push, and aborting could not stop that: a "Cancelled." then would be wrong, the push would go
 * unrecorded and Create again would make a second one. So from then on there is nothing to cancel and the
 * server's answer decides.
 */
import { formatSentOf } from '@/lib/format/size';
import { t, uiLocale } from '@/lib/i18n';
import type { Sent } from './useSubmit';

export function UploadProgress({ progress, onCancel }: { progress: Sent | undefined; onCancel: () => void }) {
  const sent = progress !== undefined && progress.total > 0 && progress.sent >= progress.total;
  const words = progress && formatSentOf(progress.sent, progress.total, uiLocale());
  return (
    <>
      {progress && words && (
        <div class="sp-upload">
          <progress
            aria-label={t('popup_uploadProgress')}
            max={progress.total || 1}
            value={progress.sent}
            aria-valuetext={t('popup_uploadSent', words.sent, words.total, words.percent)}
          />
          <p class="sp-upload-sent">{t('popup_uploadSent', words.sent, words.total, words.percent)}</p>
          {progress.handedOver && <p class="sp-hint">{t('popup_uploadCarriesOn')}</p>}
        </div>
      )}
      {sent ? (
        <button type="button" disabled>
          {t('popup_waitingForServer')}
        </button>
      ) : (
        <button type="button" onClick={onCancel}>
          {t('push_cancel')}
        </button>
      )}
    </>
  );
}

/** A popup opened while files an earlier one handed over are being sent (lib/upload): their progress. */
export function UploadUnderWay({ progress, onCancel }: { progress: Sent; onCancel: () => void }) {
  return (
    <section class="sp-upload-under-way" aria-labelledby="sp-upload-under-way">
      <h2 id="sp-upload-under-way">{t('popup_uploadUnderWay')}</h2>
      <div class="sp-row">
        <UploadProgress progress={{ ...progress, handedOver: true }} onCancel={onCancel} />
      </div>
    </section>
  );
}
