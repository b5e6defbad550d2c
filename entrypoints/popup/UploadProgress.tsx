/**
 * The upload's progress and Cancel. Once the whole body is sent (fraction 1) the server may already be
 * creating the push, and aborting could not stop that: a "Cancelled." then would be wrong, the push would go
 * unrecorded and Create again would make a second one. So from then on there is nothing to cancel and the
 * server's answer decides.
 */
import { numberFormat } from '@/lib/format/intl';
import { t, uiLocale } from '@/lib/i18n';

export function UploadProgress({
  fraction,
  onCancel,
}: {
  fraction: number | undefined;
  onCancel: () => void;
}) {
  const sent = fraction !== undefined && fraction >= 1;
  return (
    <>
      {fraction !== undefined && (
        <progress aria-label={t('popup_uploadProgress')} max={1} value={fraction}>
          {numberFormat(uiLocale(), { style: 'percent' }).format(fraction)}
        </progress>
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
