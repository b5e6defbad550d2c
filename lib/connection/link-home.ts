/**
 * Where the links of a server's pushes may point (lib/push/link.ts), for the contexts that hold only the
 * server's base URL: the popup, the dashboard and quick push.
 */
import { DEMO_BASE_URL, VIEWER_PATH } from '@/lib/demo/constants';
import { checkPushLink, type LinkCheck, type LinkHome } from '@/lib/push/link';

/**
 * The viewer page's protocol//host, the form checkPushLink compares: the same as its origin in a browser,
 * where Node's URL (unit tests) calls an extension URL's origin the opaque "null" and no demo link passed.
 */
function viewerOrigin(): string {
  const viewer = new URL(browser.runtime.getURL(VIEWER_PATH));
  return `${viewer.protocol}//${viewer.host}`;
}

/** The demo service's links open on this extension's viewer page; any other server's on its own origin. */
export function linkHomeOf(server: string): LinkHome {
  return server === DEMO_BASE_URL ? { server, viewerOrigin: viewerOrigin() } : { server };
}

/** checkPushLink for a push of `server` (a TrackedPush's server, or the client's baseUrl). */
export function checkLinkOf(link: string, server: string): LinkCheck {
  return checkPushLink(link, linkHomeOf(server));
}
