/**
 * QR images of a link, for ResultView's lazy `renderQr` prop and the download buttons. The qrcode encoder is
 * imported on first use only, so the popup does not load it until someone asks for a QR code.
 */
import type { QRCodeRenderersOptions } from 'qrcode';

// A quiet zone of 2 modules and medium error correction: scans well from a screen, stays small.
const OPTIONS: QRCodeRenderersOptions = { margin: 2, errorCorrectionLevel: 'M' };

async function encoder() {
  // qrcode is CommonJS: its exports object arrives as the default export in Vite, Vitest and Node alike.
  return (await import('qrcode')).default;
}

/** The QR code as SVG markup (works anywhere, including the service worker). */
export async function qrSvg(text: string): Promise<string> {
  return (await encoder()).toString(text, { ...OPTIONS, type: 'svg' });
}

/** The QR code as a PNG data URL; needs a page with a canvas (popup, options, offscreen). */
export async function qrPngDataUrl(text: string, width = 512): Promise<string> {
  return (await encoder()).toDataURL(text, { ...OPTIONS, width });
}

/** An `<img src>` for SVG markup, so the markup is never parsed into the page's DOM. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
