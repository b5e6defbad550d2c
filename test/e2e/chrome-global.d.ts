// Chrome's own `chrome` in the extension's contexts (not the polyfill's `browser`), typed by WXT's Chrome types.
declare const chrome: typeof import('@wxt-dev/browser').browser;
