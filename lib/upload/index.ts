/**
 * File uploads' front for the popup: the hand-over of a file push to the runner (the offscreen document in
 * Chrome, the background page in Firefox), loaded on demand, and the protocol's shapes. Its light front is
 * watch.ts, which the popup's first screen loads to follow an upload it did not start; the background
 * wires uploads through background.ts, the offscreen document runs them through offscreen.ts.
 */
export { handOver, prepareUpload } from './hand-over';
export type { UploadState } from './protocol';
