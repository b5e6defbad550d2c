import type { Page } from 'puppeteer-core';

export type BrowserName = 'chromium' | 'firefox';

export interface LaunchOptions {
  /**
   * The browser's UI language ("de", "ar"), which chrome.i18n and so the extension's pages follow. Chromium:
   * the LANGUAGE environment variable (its --lang flag changes nothing on Linux); Firefox: the
   * intl.locale.requested pref over the Debian language pack. Both need those packs installed
   * (test/browsers.mjs). Unset: the machine's default, English here.
   */
  language?: string;
}

/**
 * One real browser with the journeys' build of the extension installed, as the shared journeys drive it.
 * The same journey runs on either implementation; where a browser differs, the journey branches on `name`
 * and says so in its test's name.
 */
export interface ExtensionBrowser {
  name: BrowserName;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
  base: string;
  /** Opens an extension page (`popup.html`, `viewer.html#/p/…`) in a new tab and waits for `ready`. */
  open(page: string, ready: string): Promise<Page>;
  /** Opens a web page in a new tab and waits for its load. */
  web(url: string): Promise<Page>;
  /**
   * The welcome page the install opened by itself (lib/welcome/background.ts), waited for at launch so it
   * never opens in the middle of a journey; it stays open.
   */
  welcome: Page;
  /** A tab the extension opened by itself whose address starts with `prefix`, waited for up to 15 s. */
  opened(prefix: string): Promise<Page>;
  /**
   * Runs `fn` in the extension's background (Chromium's service worker, Firefox's background page) with its
   * global object and a JSON argument; `fn` is sent as source, so it may use nothing from its closure.
   */
  background<A, R>(fn: (global: BackgroundGlobal, arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** The text on the system clipboard, read from an extension page. */
  clipboard(): Promise<string>;
  close(): Promise<void>;
}

/**
 * What the journeys get of the background: the extension API, promise-returning in both browsers (as
 * `chrome` and as `browser`: Chromium's `chrome`, Firefox's `browser`, since Firefox's `chrome` takes
 * callbacks), and, in the SECRET_PUSH_E2E=1 build, the quick-push seam (lib/quick-push/e2e-hook.ts).
 */
export interface BackgroundGlobal {
  chrome: typeof import('wxt/browser').browser;
  browser: typeof import('wxt/browser').browser;
  secretPushQuickPush: import('../../../lib/quick-push/background').QuickPushHandlers;
  /** The watcher's notification click (lib/watch/background/e2e-hook.ts). */
  secretPushWatch: { notificationClicked(id: string): void };
}
