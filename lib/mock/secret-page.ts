/**
 * The recipient's page with the secret: text, link or QR code, the files, the views left and, when the
 * sender allowed it, a button to delete it.
 */
import QRCode from 'qrcode';
import type { PushKind } from '@/lib/contract';
import { charRuns, spelledOut } from '@/lib/format/char-runs';
import { escapeHtml, htmlPage } from './html';
import { views } from './page';

export interface SecretContent {
  token: string;
  kind: PushKind;
  payload: string | null;
  files: Array<{ filename: string; url: string }>;
  viewsLeft: number;
  deletable: boolean;
}

/** Shown instead of the QR code when the payload does not fit one: the text is still there to copy. */
export const QR_TOO_BIG = 'This secret is too long to draw as a QR code, so it is shown as text only.';

/**
 * The QR code as SVG, or null when the payload does not fit a QR code: 1,024 characters pass validation,
 * but 1,024 emoji or ~800 CJK characters exceed a QR code's capacity. The page must still show the secret
 * (its view is being used), so a drawing failure degrades to text instead of failing the page.
 */
async function qrSvg(payload: string): Promise<string | null> {
  try {
    return await QRCode.toString(payload, { type: 'svg' });
  } catch (error) {
    if (error instanceof Error) return null; // the encoder's "amount of data is too big" (or similar)
    throw error;
  }
}

/**
 * The text with its digits and symbols in their own colours (letters stay plain, so a text of words reads
 * as written), and, for a password, the same spelled out one character at a time (issue 20).
 */
function classedText(payload: string): string {
  const runs = charRuns(payload);
  const shown =
    runs.length === 0
      ? escapeHtml(payload)
      : runs
          .map(({ cls, text }) =>
            cls === 'digit' || cls === 'symbol'
              ? `<span class="ch-${cls}">${escapeHtml(text)}</span>`
              : escapeHtml(text),
          )
          .join('');
  const parts = [`<pre aria-label="Secret">${shown}</pre>`];
  const spelled = spelledOut(payload);
  if (spelled.length > 0) {
    const items = spelled.map(
      ({ char, cls, kind }, i) =>
        `<li class="ch-${cls}"><b>${cls === 'space' ? '␣' : escapeHtml(char)}</b><span>${kind}</span><small aria-hidden="true">${i + 1}</small></li>`,
    );
    parts.push(
      `<details><summary>Spell it out</summary><ol class="spelled" dir="ltr">${items.join('')}</ol></details>`,
    );
  }
  return parts.join('\n');
}

export async function secretPage(secret: SecretContent): Promise<Response> {
  const payload = secret.payload ?? '';
  const parts: string[] = ['<h1>Your secret</h1>'];
  if (secret.kind === 'url') {
    const href = escapeHtml(payload);
    parts.push(`<p><a href="${href}" rel="noopener noreferrer">${href}</a></p>`);
  } else if (secret.kind === 'qr') {
    const svg = await qrSvg(payload);
    parts.push(
      svg === null
        ? `<p class="note" role="note">${QR_TOO_BIG}</p>`
        : `<div class="qr" role="img" aria-label="QR code">${svg}</div>`,
    );
    parts.push(classedText(payload));
  } else if (payload !== '') {
    parts.push(classedText(payload));
  }
  if (secret.files.length > 0) {
    const items = secret.files.map(
      (f) =>
        `<li><a href="${escapeHtml(f.url)}" download="${escapeHtml(f.filename)}">${escapeHtml(f.filename)}</a></li>`,
    );
    parts.push(`<h2>Files</h2><ul aria-label="Files">${items.join('')}</ul>`);
  }
  parts.push(
    secret.viewsLeft > 0
      ? `<p>${views(secret.viewsLeft)}.</p>`
      : '<p>This was the last view: the secret is gone once you leave this page.</p>',
  );
  if (secret.deletable) {
    parts.push(
      `<form method="post" action="/p/${secret.token}/delete"><button class="danger" type="submit">Delete this secret</button></form>`,
    );
  }
  return htmlPage(200, 'Your secret', parts.join('\n'));
}
