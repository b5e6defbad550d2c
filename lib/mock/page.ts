/**
 * The recipient's HTML pages: plain forms, no script, so a strict Content-Security-Policy fits. Every
 * control has an accessible name (browser tests find them by role).
 */
import QRCode from 'qrcode';
import { shared } from '@/lib/async';
import type { PushKind } from '@/lib/contract';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:1rem;border-radius:6px}
button{font:inherit;padding:.5rem 1rem;cursor:pointer}.danger{color:#fff;background:#b3261e;border:0;border-radius:4px}
input{font:inherit;padding:.4rem}.error{color:#b3261e}.qr svg{width:16rem;height:16rem}`;

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The CSP hash of STYLE, computed once (a failed digest is not kept). */
const styleHash = shared(() => sha256Base64(STYLE));

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export async function htmlPage(status: number, title: string, body: string): Promise<Response> {
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${await styleHash()}'`,
    'img-src data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex, nofollow',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': csp,
    },
  });
}

const views = (left: number) => `${left} ${left === 1 ? 'view' : 'views'} remaining`;

export function interstitialPage(token: string, viewsLeft: number): Promise<Response> {
  return htmlPage(
    200,
    'You have received a secret',
    `<h1>You have received a secret</h1>
<p>Revealing it uses one view (${views(viewsLeft)}). Reveal it only when you are ready to copy it.</p>
<form method="post" action="/p/${token}"><button type="submit">Reveal secret</button></form>`,
  );
}

/** email: the verified recipient's address, carried along (the mock keeps no session). */
export function passphrasePage(token: string, wrong: boolean, email?: string): Promise<Response> {
  const error = wrong ? '<p class="error" role="alert">That passphrase is incorrect.</p>' : '';
  const carried =
    email === undefined ? '' : `<input type="hidden" name="email" value="${escapeHtml(email)}">`;
  return htmlPage(
    200,
    'Passphrase required',
    `<h1>This secret is protected by a passphrase</h1>${error}
<form method="post" action="/p/${token}">${carried}<p><label for="passphrase">Passphrase</label>
<input id="passphrase" name="passphrase" type="password" autocomplete="off" required autofocus></p>
<button type="submit">Unlock secret</button></form>`,
  );
}

/** The mock stands in for the server's e-mailed code, and says so. */
export const NO_MAIL_NOTE =
  'This mock service sends no code by e-mail: entering an address the sender listed is enough here.';
export const NOT_A_RECIPIENT =
  'That address is not one this secret was shared with. Nothing was revealed and no view was counted.';

/** authenticated_recipients: the address comes first; only one the sender listed can reveal. */
export function recipientPage(token: string, wrong: boolean): Promise<Response> {
  const error = wrong ? `<p class="error" role="alert">${NOT_A_RECIPIENT}</p>` : '';
  return htmlPage(
    200,
    'Confirm your e-mail address',
    `<h1>This secret is for its intended recipients</h1>
<p>The sender shared it with specific e-mail addresses. Revealing it uses one view.</p>
<p>${NO_MAIL_NOTE}</p>${error}
<form method="post" action="/p/${token}"><p><label for="email">Your e-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus></p>
<button type="submit">Reveal secret</button></form>`,
  );
}

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
    parts.push(`<pre aria-label="Secret">${escapeHtml(payload)}</pre>`);
  } else if (payload !== '') {
    parts.push(`<pre aria-label="Secret">${escapeHtml(payload)}</pre>`);
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

export const expiredPage = (): Promise<Response> =>
  htmlPage(
    200,
    'This secret has expired',
    '<h1>This secret has expired</h1><p>It was deleted or reached its view or time limit, and its content is gone for good.</p>',
  );

export const deletedPage = (): Promise<Response> =>
  htmlPage(
    200,
    'This secret has been deleted',
    '<h1>This secret has been deleted</h1><p>This secret has expired: its content is gone for good.</p>',
  );

export const notFoundPage = (): Promise<Response> =>
  htmlPage(404, 'Secret not found', '<h1>Secret not found</h1><p>There is no secret at this address.</p>');

export const tooManyAttemptsPage = (): Promise<Response> =>
  htmlPage(
    429,
    'Too many passphrase attempts',
    '<h1>Too many passphrase attempts</h1><p>Please try again in a minute.</p>',
  );

export const notDeletablePage = (): Promise<Response> =>
  htmlPage(
    401,
    'This secret cannot be deleted',
    '<h1>This secret cannot be deleted</h1><p>That push is not deletable by viewers.</p>',
  );

/** A reveal form post whose body could not be read (400) or was too large (413): nothing was counted. */
export const badFormPage = (status: number): Promise<Response> =>
  status === 413
    ? htmlPage(
        413,
        'Request too large',
        '<h1>Request too large</h1><p>Nothing was revealed and no view was counted. Please go back and try again.</p>',
      )
    : htmlPage(
        400,
        'Bad request',
        '<h1>Bad request</h1><p>The form could not be read. Nothing was revealed and no view was counted.</p>',
      );
