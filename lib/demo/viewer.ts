/**
 * The front of demo mode's recipient page (entrypoints/viewer): the demo service's fetch as an anonymous
 * recipient, what the service knows of a push before a reveal, and the page's routes. Without the demo
 * token (index.ts): a recipient never holds it.
 */
export { demoFetch, demoPageOrigin } from './transport';
export { demoMessages } from './messages';
export type { DemoPageInfo } from './page-info';
export { demoUrlForLink, parseViewerHash, type ViewerRoute } from './viewer-route';
export { attachmentName } from './download';
