import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n';
import { svgDataUrl } from '@/lib/qr';
import type { LazyQr } from './useLazyQr';

export interface LazyQrImageProps {
  qr: LazyQr;
  /** The image's text alternative: what the code links to. */
  alt: string;
  /** Width and height in CSS pixels. */
  size: number;
  /** The page's own classes for the "drawing" hint, the failure and the image. */
  classes: { hint: string; error: string; image?: string };
  /** Shown under the image once it is drawn (e.g. download buttons). */
  children?: ComponentChildren;
}

/** A useLazyQr code as the page shows it: drawing, could not be drawn, or the image. */
export function LazyQrImage({ qr, alt, size, classes, children }: LazyQrImageProps) {
  if (qr.state === 'loading') return <p class={classes.hint}>{t('push_qrDrawing')}</p>;
  if (qr.state === 'failed')
    return (
      <p role="alert" class={classes.error}>
        {t('push_qrFailed')}
      </p>
    );
  if (qr.state !== 'shown') return null;
  return (
    <>
      <img class={classes.image} src={svgDataUrl(qr.svg)} alt={alt} width={size} height={size} />
      {children}
    </>
  );
}
