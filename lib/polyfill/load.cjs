/* global exports, require */
// webextension-polyfill's CommonJS export handed on as one property of a plain object: the ESM side
// (index.ts) reads that property, so the bundler never copies the polyfill's export itself (index.ts says why).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose, see above
exports.polyfill = require('webextension-polyfill/dist/browser-polyfill.js');
