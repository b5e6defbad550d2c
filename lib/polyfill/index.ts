/**
 * webextension-polyfill for every context, without the bundler's copy of its export (issue 22). WXT's module
 * re-exports the polyfill with `export { default as browser } from 'webextension-polyfill'`; a default import
 * of a CommonJS module makes the bundler build an ES namespace by copying every own property of
 * module.exports (rolldown's __toESM). Where the browser has its own `browser` (Firefox, Chromium from 144),
 * module.exports is that object, and reading each property's descriptor makes the browser build the binding
 * of every API the manifest grants (windows, action, contextMenus, …), which no context here needs all of:
 * about a third of background.js's evaluation on every wake of the service worker, and as much at every
 * page's open (measured in a CPU profile of the wake). wxt.config.ts points 'webextension-polyfill' here,
 * and loads the polyfill's file as an ES module whose default export is its module.exports
 * (`polyfillAsModule`), so nothing is copied and the same polyfill runs, unchanged, in every context.
 */
import polyfill from 'webextension-polyfill/dist/browser-polyfill.js';

export default polyfill;
