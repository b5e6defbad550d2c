/**
 * The frame of the recipient's HTML pages: plain HTML, no script, and a strict Content-Security-Policy that
 * lets in only the one inline style, by its hash.
 */
import { shared } from '@/lib/async';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:1rem;border-radius:6px}
button{font:inherit;padding:.5rem 1rem;cursor:pointer}.danger{color:#fff;background:#b3261e;border:0;border-radius:4px}
input{font:inherit;padding:.4rem}.error{color:#b3261e}.qr svg{width:16rem;height:16rem}
.ch-digit{color:#0550ae}.ch-symbol{color:#b3261e}
.spelled{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
.spelled li{display:grid;justify-items:center;min-width:2.25rem;border:1px solid #ccc;border-radius:6px;padding:.25rem}
.spelled b{font:1.75rem ui-monospace,monospace}.spelled span{font-size:.8rem}.spelled small{color:#555}`;

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

/** A page that only tells something: its title as the heading, then one paragraph. */
export function noticePage(status: number, title: string, text: string): Promise<Response> {
  return htmlPage(status, title, `<h1>${title}</h1><p>${text}</p>`);
}
