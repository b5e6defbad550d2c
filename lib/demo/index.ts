/**
 * Demo mode's front for the API client: the fetch that reaches the built-in demo service and the demo
 * user's token. Its fixed names are the light front (constants.ts), which pages load at open. Demo mode's
 * own contexts have a front each: the background wires the service through background.ts, the offscreen
 * document hosts it through offscreen-host.ts, and its recipient page (entrypoints/viewer) reads it through
 * viewer.ts.
 */
export { demoFetch, demoPageOrigin } from './transport';
export { demoToken } from './token';
