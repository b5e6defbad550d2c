/**
 * Chrome: the demo service runs in the offscreen document, which Chrome may close at any time (and which
 * the extension can close itself). Everything here is derived again on each call: whether the document
 * exists comes from runtime.getContexts, never from a flag kept in the worker, which may have restarted.
 */
export const OFFSCREEN_PATH = '/offscreen.html';

/** True where offscreen documents exist (Chrome MV3); Firefox runs the demo service in its background page. */
export function hasOffscreenApi(): boolean {
  return typeof browser.offscreen?.createDocument === 'function';
}

async function offscreenDocumentExists(url: string): Promise<boolean> {
  const contexts = await browser.runtime.getContexts({
    contextTypes: [browser.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [url],
  });
  return contexts.length > 0;
}

// Concurrent requests would otherwise race to createDocument, and Chrome allows only one document.
let creating: Promise<void> | undefined;

/** Makes sure the offscreen document is open, creating it on demand. */
export async function ensureOffscreenDocument(): Promise<void> {
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  if (await offscreenDocumentExists(url)) return;
  creating ??= browser.offscreen
    .createDocument({
      url,
      // BLOBS: the demo service builds and reads Blob/FormData bodies; LOCAL_STORAGE: it keeps its data
      // in the extension's IndexedDB. Neither reason has an idle timeout, unlike AUDIO_PLAYBACK.
      // CLIPBOARD: quick pushes (lib/quick-push) copy the new link here, in the same one document.
      reasons: [
        browser.offscreen.Reason.BLOBS,
        browser.offscreen.Reason.LOCAL_STORAGE,
        browser.offscreen.Reason.CLIPBOARD,
      ],
      justification:
        'Runs the built-in demo secret-push service until the user saves a server, and copies new links to the clipboard.',
    })
    .catch(async (error: unknown) => {
      // A document created between our check and this call (by a request that had already finished
      // creating it) makes createDocument fail; that is success for us.
      if (!(await offscreenDocumentExists(url))) throw error;
    })
    .finally(() => {
      creating = undefined;
    });
  await creating;
}
