/**
 * A push's own address in the dashboard (issue 19): dashboard.html#/push/<server>/<url_token>, the server's
 * base URL encoded as one path segment. Notifications, the quick-push notification and the popup's recent
 * pushes open it; the dashboard scrolls that push into view, expands and focuses it.
 */

/** lib/api/schemas.ts URL_TOKEN_PATTERN's characters; not imported, so the dashboard loads no zod (issue 13). */
const URL_TOKEN = /^[a-z0-9_-]+$/;
export const DASHBOARD_PATH = '/dashboard.html';
const PREFIX = '#/push/';

/** Where a push is, by its server's base URL and its url_token. */
export interface PushAddress {
  server: string;
  url_token: string;
}

/** The hash of a push's address: "#/push/http%3A%2F%2Fpush.example/abc123". */
export function pushHash({ server, url_token }: PushAddress): string {
  return `${PREFIX}${encodeURIComponent(server)}/${encodeURIComponent(url_token)}`;
}

/** The dashboard path of a push's address, to give runtime.getURL. */
export function pushPath(address: PushAddress): string {
  return `${DASHBOARD_PATH}${pushHash(address)}`;
}

/** The push a hash names, or null when it names none (or names it malformed). */
export function parsePushHash(hash: string): PushAddress | null {
  if (!hash.startsWith(PREFIX)) return null;
  const [server, token, ...rest] = hash.slice(PREFIX.length).split('/');
  if (!server || !token || rest.length > 0) return null;
  try {
    const address = { server: decodeURIComponent(server), url_token: decodeURIComponent(token) };
    return URL_TOKEN.test(address.url_token) ? address : null;
  } catch {
    return null; // a stray '%': not an address this page made
  }
}

/**
 * The push a watcher notification is about, from its id (background/notify.ts: "watch:<event id>", the event id
 * starting "<server>|<url_token>|"); null for the summing-up one ("watch:more|…").
 */
export function pushOfNotification(id: string, prefix: string): PushAddress | null {
  const [server, token] = id.slice(prefix.length).split('|');
  if (!server || !token || server === 'more') return null;
  return { server, url_token: token };
}
