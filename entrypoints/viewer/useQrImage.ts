/** The revealed payload as a QR code image, drawn only when wanted (the encoder loads on first use). */
import { useEffect, useState } from 'preact/hooks';
import { describeError } from '@/lib/api';
import { t } from '@/lib/i18n';
import { qrPngDataUrl } from '@/lib/qr';

/** The size the viewer draws it at, as the server's recipient page does. */
const QR_WIDTH = 256;

export function useQrImage(
  payload: string | null,
  wanted: boolean,
  onError: (message: string) => void,
): string | undefined {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    if (!payload || !wanted) return;
    qrPngDataUrl(payload, QR_WIDTH).then(setImage, (error: unknown) =>
      onError(t('viewer_qrFailed', describeError(error))),
    );
  }, [payload, wanted, onError]);
  return image;
}
