/**
 * A push's own address in the dashboard (issue 19): dashboard.html#/push/<key>, where the key is opaque
 * (push-key.ts, issue 37): never the url_token nor the server, since the browser's history keeps every
 * address a tab showed. Notifications, the quick-push notification and the popup's recent pushes open it;
 * the dashboard matches the key against the pushes it lists, then scrolls that push into view, expands and
 * focuses it.
 *
 * Addresses of the earlier form (#/push/<server>/<url_token>) name no push any more: the dashboard opens as
 * itself. Honouring them would keep a form that carries a live token working, and the only ones left are
 * in the history already, where a redirect would not remove them.
 */
import { PUSH_KEY, pushKeyOf } from './push-key';

export const DASHBOARD_PATH = '/dashboard.html';
const PREFIX = '#/push/';

/** What a push's key is made from: its server's base URL and its url_token. */
export interface PushAddress {
  server: string;
  url_token: string;
}

/** The opaque key of a push (push-key.ts): 22 base64url characters. */
export function pushKey({ server, url_token }: PushAddress): string {
  return pushKeyOf(server, url_token);
}

/** The hash of the address of the push whose key is `key`: "#/push/<key>". */
export function keyHash(key: string): string {
  return `${PREFIX}${key}`;
}

/** The dashboard path of the address of the push whose key is `key`, to give runtime.getURL. */
export function keyPath(key: string): string {
  return `${DASHBOARD_PATH}${keyHash(key)}`;
}

/** The hash of a push's address: "#/push/<key>". */
export function pushHash(push: PushAddress): string {
  return keyHash(pushKey(push));
}

/** The dashboard path of a push's address, to give runtime.getURL (what every link to a push is built by). */
export function pushPath(push: PushAddress): string {
  return keyPath(pushKey(push));
}

/** The key a hash names, or null when it names none (or names it malformed, or in the earlier form). */
export function parsePushHash(hash: string): string | null {
  if (!hash.startsWith(PREFIX)) return null;
  const key = hash.slice(PREFIX.length);
  return PUSH_KEY.test(key) ? key : null;
}

/** The push of `pushes` whose key is `key`, if one is. */
export function pushOfKey<T extends PushAddress>(key: string | null, pushes: readonly T[]): T | undefined {
  return key === null ? undefined : pushes.find((push) => pushKey(push) === key);
}

/** An opaque, stable stand-in for `text` (an event's id, which starts with its push's server and token). */
function opaque(text: string): string {
  return pushKeyOf('', text);
}

/**
 * A watcher notification's id (background/notify.ts), "<prefix><key>|<event>": the push's key and an opaque
 * stand-in for the event's id (which names the push by its server and token), so the same event noticed
 * twice is one notification, and no id the browser keeps holds a token. The summing-up one is
 * "<prefix>more|<event>".
 */
export function watchNoticeId(prefix: string, event: PushAddress & { id: string }): string {
  return `${prefix}${pushKey(event)}|${opaque(event.id)}`;
}

/** The summing-up notification's id, after the last event it sums up. */
export function moreNoticeId(prefix: string, last: { id: string }): string {
  return `${prefix}more|${opaque(last.id)}`;
}

/** The key of the push a watcher notification is about, from its id; null for the summing-up one. */
export function pushOfNotification(id: string, prefix: string): string | null {
  const [key] = id.slice(prefix.length).split('|');
  return key && PUSH_KEY.test(key) ? key : null;
}
