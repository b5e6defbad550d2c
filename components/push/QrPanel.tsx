import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';

export interface QrPanelProps {
  url: string;
  renderQr: (text: string) => Promise<string>;
  onDownloadPng: () => void;
  onDownloadSvg: () => void;
}

/** The link's QR code on request, with its downloads. Drawing it asks the server nothing. */
export function QrPanel({ url, renderQr, onDownloadPng, onDownloadSvg }: QrPanelProps) {
  const { qr, wanted, toggle } = useLazyQr(url, renderQr);
  return (
    <div class="sp-qr">
      <button type="button" aria-expanded={wanted} onClick={toggle}>
        {wanted ? 'Hide QR code' : 'Show QR code'}
      </button>
      <LazyQrImage
        qr={qr}
        alt="QR code of the secret link"
        size={192}
        classes={{ hint: 'sp-hint', error: 'sp-error' }}
      >
        <div class="sp-row">
          <button type="button" onClick={onDownloadPng}>
            Download PNG
          </button>
          <button type="button" onClick={onDownloadSvg}>
            Download SVG
          </button>
        </div>
      </LazyQrImage>
    </div>
  );
}
