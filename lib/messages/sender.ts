/**
 * Who may use a privileged channel (the demo service, anything touching a token or a secret): only our
 * own extension pages and contexts. A content script also has our extension id, but its sender.url is the
 * web page's, so the URL check keeps web pages out (uBlock Origin's privileged-channel rule).
 */
import type { Runtime } from 'webextension-polyfill';
export interface OwnExtension {
  id: string;
  /** Our extension's base URL, e.g. chrome-extension://<id>/ */
  baseUrl: string;
}

export function ownExtension(): OwnExtension {
  return { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') };
}

/** True when the message comes from one of our extension pages, the background or the offscreen document. */
export function isOwnExtensionSender(
  sender: Pick<Runtime.MessageSender, 'id' | 'url'>,
  own: OwnExtension = ownExtension(),
): boolean {
  if (!sender.id || sender.id !== own.id) return false;
  if (typeof sender.url !== 'string') return false;
  const base = own.baseUrl.endsWith('/') ? own.baseUrl : `${own.baseUrl}/`;
  return sender.url.startsWith(base);
}
