import { useEffect, useState } from 'preact/hooks';
import { svgDataUrl } from '@/lib/push/qr';

export interface QrToggleProps {
  url: string;
  /** For the image's text alternative, e.g. the push's name. */
  title: string;
  /** Draws the QR code as SVG markup; called only once the code is shown, so the encoder loads lazily. */
  renderQr: (text: string) => Promise<string>;
}

type Qr = { state: 'hidden' } | { state: 'loading' } | { state: 'shown'; svg: string } | { state: 'failed' };

/** "Show QR code" for one push's link. */
export function QrToggle({ url, title, renderQr }: QrToggleProps) {
  const [qr, setQr] = useState<Qr>({ state: 'hidden' });
  const wanted = qr.state !== 'hidden';
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    renderQr(url).then(
      (svg) => current && setQr({ state: 'shown', svg }),
      // Shown as a message in place of the image; the link itself still works.
      () => current && setQr({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [wanted, url, renderQr]);

  return (
    <>
      <button
        type="button"
        aria-expanded={wanted}
        onClick={() => setQr(wanted ? { state: 'hidden' } : { state: 'loading' })}
      >
        {wanted ? 'Hide QR code' : 'QR code'}
      </button>
      {wanted && (
        // A box of its own, so the code sits under the buttons rather than among them.
        <div class="qr-box">
          {qr.state === 'loading' && <p class="hint">Drawing the QR code…</p>}
          {qr.state === 'failed' && (
            <p role="alert" class="error">
              The QR code could not be drawn.
            </p>
          )}
          {qr.state === 'shown' && (
            <img
              class="qr"
              src={svgDataUrl(qr.svg)}
              alt={`QR code of the link to ${title}`}
              width={160}
              height={160}
            />
          )}
        </div>
      )}
    </>
  );
}
