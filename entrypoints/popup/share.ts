/**
 * The result's actions: clipboard (navigator.clipboard works in an extension page), a new tab, and QR
 * downloads. The QR encoder arrives through lib/push/qr's dynamic import, on first use.
 */
import { qrPngDataUrl, qrSvg, svgDataUrl } from '@/lib/push/qr';

export function copyText(text: string): Promise<void> {
  return navigator.clipboard.writeText(text);
}

export async function openInTab(url: string): Promise<void> {
  await browser.tabs.create({ url });
}

/** Saves a data URL as a file through a temporary download link (no downloads permission needed). */
function save(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

export async function downloadQrPng(url: string): Promise<void> {
  save(await qrPngDataUrl(url), 'secret-link-qr.png');
}

export async function downloadQrSvg(url: string): Promise<void> {
  save(svgDataUrl(await qrSvg(url)), 'secret-link-qr.svg');
}

export { qrSvg as renderQr };
