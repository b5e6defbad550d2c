// Chrome's own `chrome` in the extension's contexts (beside its native `browser`), typed by WXT's Chrome types.
declare const chrome: typeof import('@wxt-dev/browser').browser;
