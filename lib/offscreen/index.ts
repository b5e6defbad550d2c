/**
 * The offscreen document (Chrome): whether the background is a worker that needs one, opening it, and
 * reaching it with one resend rule. Used by the background's features (the demo service, the clipboard,
 * file uploads); the document's own page is entrypoints/offscreen.
 */
export { BACKGROUND_IS_WORKER, hasOffscreenDocuments, openOffscreenDocument } from './document';
export { inOffscreenOr, sendToOffscreen } from './send';
