/**
 * The one decision on a push's html_url before it is opened, copied, shown as a QR code or written into a
 * share message (issue 9 #4). The server is trusted with the push, not with where its link sends people: a
 * `javascript:` or `data:` link, or one on another origin, must never reach a tab or a clipboard. Made by
 * the client as a create's answer arrives (client.ts: CreateResult.link), and again by the pages for a link
 * they hold (a cached push's): this file is lib/api's light front for them (no zod).
 */
import { DEMO_BASE_URL, VIEWER_PATH } from '@/lib/demo/constants';
import { t } from '@/lib/i18n';

/** Where a push's links may point. */
export interface LinkHome {
  /** The server's base URL (DEMO_BASE_URL in demo mode). */
  server: string;
  /** Demo mode: the origin of the extension's own viewer page, the only place demo links may open. */
  viewerOrigin?: string;
}

export type LinkCheck =
  | { ok: true; url: string }
  /** 'host-mismatch': a web address on another origin; 'unsafe-link': anything else. */
  | { ok: false; code: 'host-mismatch' | 'unsafe-link'; message: string };

/** Plain http only where nothing crosses a network: 127.0.0.0/8, localhost, [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function parse(link: string): URL | undefined {
  try {
    return new URL(link); // absolute only: a relative link has no origin of its own to check
  } catch {
    return undefined;
  }
}

const refused = (message: string): LinkCheck => ({ ok: false, code: 'unsafe-link', message });

/** The expected origin's rule for a parsed link; undefined when it passes. */
function problem(url: URL, home: LinkHome): LinkCheck | undefined {
  if (url.username || url.password) return refused(t('push_linkHasCredentials'));
  if (home.viewerOrigin !== undefined)
    // protocol//host, not url.origin: outside browsers an extension URL's origin is the opaque "null".
    return `${url.protocol}//${url.host}` === home.viewerOrigin && url.pathname === VIEWER_PATH
      ? undefined
      : {
          ok: false,
          code: 'host-mismatch',
          message: t('push_linkNotDemoViewer', `${url.protocol}//${url.host}`),
        };
  const server = new URL(home.server);
  const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!scheme) return refused(t('push_linkScheme', url.protocol));
  if (url.origin !== server.origin)
    return {
      ok: false,
      code: 'host-mismatch',
      message: t('push_linkOtherOrigin', url.origin, server.origin),
    };
  return undefined;
}

/**
 * Decides whether `link` may be opened, copied or rendered: `https:` (or `http:` on a loopback server) on
 * the server's origin, or the extension's viewer page in demo mode. Otherwise says why, in words to show
 * instead of the link ("…: it was not opened or copied" is the caller's to add).
 */
export function checkPushLink(link: string, home: LinkHome): LinkCheck {
  const url = parse(link);
  if (!url) return refused(t('push_linkNotWebAddress'));
  return problem(url, home) ?? { ok: true, url: url.href };
}

/**
 * The viewer page's protocol//host, the form checkPushLink compares: the same as its origin in a browser,
 * where Node's URL (unit tests) calls an extension URL's origin the opaque "null" and no demo link passed.
 */
function viewerOrigin(): string {
  const viewer = new URL(browser.runtime.getURL(VIEWER_PATH));
  return `${viewer.protocol}//${viewer.host}`;
}

/**
 * Where the links of a server's pushes may point, for the contexts that hold only the server's base URL (the
 * popup, the dashboard, quick push): the demo service's open on this extension's viewer page; any other's on
 * its own origin.
 */
export function linkHomeOf(server: string): LinkHome {
  return server === DEMO_BASE_URL ? { server, viewerOrigin: viewerOrigin() } : { server };
}

/** checkPushLink for a push of `server` (a TrackedPush's server, or the client's baseUrl). */
export function checkLinkOf(link: string, server: string): LinkCheck {
  return checkPushLink(link, linkHomeOf(server));
}
