/**
 * What `wxt/browser` is in this project's bundles: @wxt-dev/webextension-polyfill (wxt.config.ts `modules`)
 * aliases it to webextension-polyfill, so TypeScript reads the polyfill's types (@types/webextension-polyfill)
 * instead of WXT's chrome-based ones. tsconfig.json's `paths` maps wxt/browser here; the auto-imported
 * `browser` and `Browser` come from this file.
 */
import type Browser from 'webextension-polyfill';

export { default as browser } from 'webextension-polyfill';
export type { Browser };
