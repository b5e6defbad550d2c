/**
 * The offscreen document (Chrome): one per extension, shared by the demo service, the clipboard and file
 * uploads, so its lifecycle belongs to none of them: whether the background is a worker that needs one,
 * opening it, and reaching it with one resend rule. Chrome may close it at any time (and the extension can
 * close it itself), so whether it is open comes from runtime.getContexts on every call, never from a flag
 * kept in the worker, which may have restarted. The document's own page is entrypoints/offscreen.
 */
import { shared } from '@/lib/async';
import type { Message } from '@/lib/messages/message';
import { notDelivered, sendMessage } from '@/lib/messages/runtime';

const OFFSCREEN_PATH = '/offscreen.html';

/**
 * The part of Chrome's offscreen API and runtime.getContexts used here. WXT's types (Chrome's) declare
 * `offscreen` as always there, but Firefox has none, so it is optional here; Chrome's enums are their names
 * as strings. Both calls return promises in MV3 Chrome.
 */
interface ChromeOffscreen {
  offscreen?: {
    createDocument(options: {
      url: string;
      reasons: Array<'BLOBS' | 'LOCAL_STORAGE' | 'CLIPBOARD'>;
      justification: string;
    }): Promise<void>;
  };
  runtime: {
    getContexts(filter: { contextTypes: ['OFFSCREEN_DOCUMENT']; documentUrls: string[] }): Promise<unknown[]>;
  };
}
const chromeApi = browser as unknown as ChromeOffscreen;

/**
 * Build time: true in a build whose background is a service worker (Chrome MV3), which never does a
 * document's work itself but always hands it to the offscreen document. WXT defines both values per build,
 * so the bundler drops the background-page code (the demo service, the clipboard writer) from Chrome's
 * background.js. False in Firefox's build (a background page) and in unit tests, where WXT defines neither
 * and the choice is made at run time (hasOffscreenDocuments).
 */
export const BACKGROUND_IS_WORKER = import.meta.env.MANIFEST_VERSION === 3 && !import.meta.env.FIREFOX;

/**
 * True where offscreen documents exist (Chrome MV3). Firefox has none: its background page is a document
 * that can host the demo service and write the clipboard itself. The one place that tells the two apart.
 */
export function hasOffscreenDocuments(): boolean {
  return typeof chromeApi.offscreen?.createDocument === 'function';
}

async function isOpen(url: string): Promise<boolean> {
  const contexts = await chromeApi.runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT'],
    documentUrls: [url],
  });
  return contexts.length > 0;
}

/**
 * Makes sure the offscreen document is open, creating it on demand. Concurrent callers share one check and
 * one creation: Chrome lists a document in getContexts while it is still loading, before its listeners are
 * registered (seen for 6 to 50 ms, longer on a loaded machine), so a caller that asked only "is it open?"
 * while another was creating it sent its message into the loading document, which never received it. Not
 * kept, as the document may close.
 */
export const openOffscreenDocument = shared(
  async () => {
    const url = browser.runtime.getURL(OFFSCREEN_PATH);
    if (await isOpen(url)) return;
    try {
      // Only reached where hasOffscreenDocuments() is true. Resolves once the document has loaded.
      await chromeApi.offscreen!.createDocument({
        url,
        // BLOBS: the demo service builds and reads Blob/FormData bodies; LOCAL_STORAGE: it keeps its data
        // in the extension's IndexedDB. Neither reason has an idle timeout, unlike AUDIO_PLAYBACK.
        // CLIPBOARD: quick pushes (lib/quick-push) copy the new link here, in the same one document.
        reasons: ['BLOBS', 'LOCAL_STORAGE', 'CLIPBOARD'],
        justification:
          // For the browser (chrome.offscreen requires it), not shown to a person. i18n-ignore
          'Runs the built-in demo secret-push service until the user saves a server, and copies new links to the clipboard.',
      });
    } catch (error) {
      // A document created between our check and this call makes createDocument fail: success for us.
      if (!(await isOpen(url))) throw error;
    }
  },
  { keep: false },
);

// Reaching the document, with one resend rule for every feature that uses it.

/** Sends once; a message nobody received comes back as `undefined` instead of an error. */
async function delivered<Req, Res>(message: Message<Req, Res>, data: Req): Promise<{ res: Res } | undefined> {
  try {
    return { res: await sendMessage(message, data) };
  } catch (error) {
    if (notDelivered(error)) return undefined;
    throw error;
  }
}

/**
 * Sends a message to the offscreen document. It is sent straight away, as the document is usually open
 * (asking Chrome first cost a round trip on every quick push, issue 13); when nobody received it (no
 * document yet, or it closed), the document is opened and the message sent once more, and once again if it
 * closed in between. A message that was delivered is never sent twice (its work may have run), whatever the
 * error.
 */
export async function sendToOffscreen<Req, Res>(message: Message<Req, Res>, data: Req): Promise<Res> {
  const first = await delivered(message, data);
  if (first) return first.res;
  await openOffscreenDocument();
  const second = await delivered(message, data);
  if (second) return second.res;
  await openOffscreenDocument();
  return sendMessage(message, data);
}

/**
 * Work the background hands to a document: the offscreen document where there is one (Chrome), `here` in
 * the background page otherwise (Firefox). Decided on each call. `here` is undefined in a build whose
 * background never does the work itself (callers pass `BACKGROUND_IS_WORKER ? undefined : …`, so Chrome's
 * worker bundle leaves that code out): then the work always goes to the offscreen document.
 */
export function inOffscreenOr<Req, Res>(
  message: Message<Req, Res>,
  here: ((data: Req) => Promise<Res>) | undefined,
): (data: Req) => Promise<Res> {
  return (data) => (!here || hasOffscreenDocuments() ? sendToOffscreen(message, data) : here(data));
}
