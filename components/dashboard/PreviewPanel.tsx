import { useEffect } from 'preact/hooks';
import { LazyQrImage } from '@/components/LazyQrImage';
import { useLazyQr } from '@/components/useLazyQr';
import { t } from '@/lib/i18n';

export interface PreviewPanelProps {
  id: string;
  /** The push's link (the API's preview gives the same url as html_url: contract §4). */
  url: string;
  /** For the image's text alternative, e.g. the push's name. */
  title: string;
  /** Draws the QR code as SVG markup; called only once shown, so the encoder loads lazily. */
  renderQr: (text: string) => Promise<string>;
}

/**
 * What the recipient is sent, seen without using a view: the link as text and its QR code. Nothing is
 * requested from the push's page, so no view is counted and no audit entry written.
 */
export function PreviewPanel({ id, url, title, renderQr }: PreviewPanelProps) {
  const { qr, wanted, toggle } = useLazyQr(url, renderQr);
  // Drawn once on mount: the panel is only mounted when someone asks for the preview.
  useEffect(() => {
    if (!wanted) toggle();
  }, []);
  return (
    <div class="preview" id={id} role="group" aria-label={t('dash_previewLabel', title)}>
      <div class="preview-text">
        <p class="preview-link">{url}</p>
        <p class="hint">{t('dash_previewHint')}</p>
      </div>
      <LazyQrImage
        qr={qr}
        alt={t('dash_previewQrAlt', title)}
        size={128}
        classes={{ hint: 'hint', error: 'error', image: 'qr' }}
      />
    </div>
  );
}
