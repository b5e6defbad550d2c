declare const chrome: typeof import('wxt/browser').browser;
