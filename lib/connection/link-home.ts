/**
 * Where the links of a server's pushes may point (lib/push/link.ts), for the contexts that hold only the
 * server's base URL: the popup, the dashboard and quick push.
 */
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { demoPageOrigin } from '@/lib/demo/transport';
import { checkPushLink, type LinkCheck, type LinkHome } from '@/lib/push/link';

/** The demo service's links open on this extension's viewer page; any other server's on its own origin. */
export function linkHomeOf(server: string): LinkHome {
  return server === DEMO_BASE_URL ? { server, viewerOrigin: demoPageOrigin() } : { server };
}

/** checkPushLink for a push of `server` (a TrackedPush's server, or the client's baseUrl). */
export function checkLinkOf(link: string, server: string): LinkCheck {
  return checkPushLink(link, linkHomeOf(server));
}
