import { LazyQrImage } from '@/components/LazyQrImage';
import type { LazyQr } from '@/components/useLazyQr';
import { t } from '@/lib/i18n';

export interface QrPanelProps {
  qr: LazyQr;
  onDownloadPng: () => void;
  onDownloadSvg: () => void;
}

/** The link's QR code once asked for (its toggle sits with the other share actions), with its downloads. */
export function QrPanel({ qr, onDownloadPng, onDownloadSvg }: QrPanelProps) {
  return (
    <div class="sp-qr">
      <LazyQrImage qr={qr} alt={t('push_qrAlt')} size={192} classes={{ hint: 'sp-hint', error: 'sp-error' }}>
        <div class="sp-row">
          <button type="button" onClick={onDownloadPng}>
            {t('push_downloadPng')}
          </button>
          <button type="button" onClick={onDownloadSvg}>
            {t('push_downloadSvg')}
          </button>
        </div>
      </LazyQrImage>
    </div>
  );
}
