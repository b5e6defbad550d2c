import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';

export interface QrToggleProps {
  url: string;
  /** For the image's text alternative, e.g. the push's name. */
  title: string;
  /** Draws the QR code as SVG markup; called only once the code is shown, so the encoder loads lazily. */
  renderQr: (text: string) => Promise<string>;
}

/** "Show QR code" for one push's link. */
export function QrToggle({ url, title, renderQr }: QrToggleProps) {
  const { qr, wanted, toggle } = useLazyQr(url, renderQr);

  return (
    <>
      <button type="button" aria-expanded={wanted} onClick={toggle}>
        {wanted ? 'Hide QR code' : 'QR code'}
      </button>
      {wanted && (
        // A box of its own, so the code sits under the buttons rather than among them.
        <div class="qr-box">
          <LazyQrImage
            qr={qr}
            alt={`QR code of the link to ${title}`}
            size={160}
            classes={{ hint: 'hint', error: 'error', image: 'qr' }}
          />
        </div>
      )}
    </>
  );
}
