import type { Browser } from 'webextension-polyfill';

/** webextension-polyfill's export: the browser's own `browser` where it has one, else the wrapped `chrome`. */
export declare const polyfill: Browser;
