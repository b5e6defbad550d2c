/**
 * The offscreen document (Chrome): one per extension, shared by the demo service and the clipboard, so its
 * lifecycle belongs to neither feature. Chrome may close it at any time (and the extension can close it
 * itself), so whether it is open comes from runtime.getContexts on every call, never from a flag kept in
 * the worker, which may have restarted.
 */
import { shared } from '@/lib/async';

export const OFFSCREEN_PATH = '/offscreen.html';

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
