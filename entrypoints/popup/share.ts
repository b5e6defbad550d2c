/**
 * The result's actions beside the clipboard (lib/clipboard's copyText): a new tab, and QR downloads. The QR
 * encoder arrives through lib/qr.ts's dynamic import, on first use.
 */
import { saveFile } from '@/lib/download';
import { qrPngDataUrl, qrSvg, svgDataUrl } from '@/lib/qr';

export async function openInTab(url: string): Promise<void> {
  await browser.tabs.create({ url });
}

export async function downloadQrPng(url: string): Promise<void> {
  saveFile(await qrPngDataUrl(url), 'secret-link-qr.png');
}

export async function downloadQrSvg(url: string): Promise<void> {
  saveFile(svgDataUrl(await qrSvg(url)), 'secret-link-qr.svg');
}

export { qrSvg as renderQr };
