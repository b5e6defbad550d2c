export type BrowserName = 'chromium' | 'firefox';

export interface LaunchOptions {
  /**
   * The browser's UI language ("de", "ar"; unset: English here), which chrome.i18n follows. Chromium: the
   * LANGUAGE variable (--lang changes nothing on Linux); Firefox: the intl.locale.requested pref. Both need
   * Debian's language packs (test/browsers.mjs installs them).
   */
  language?: string;
  /**
   * Firefox only: its own notification windows (pref alerts.useSystemBackend off), which stay up to be read
   * and clicked (./firefox-chrome.ts) as on a desktop. Without them, headless Firefox's system backend
   * closes every notification at once, as if by the user. Chromium's stay up either way.
   */
  notificationWindows?: boolean;
  /**
   * A profile directory of the caller's, used instead of a fresh temporary one and left in place after
   * close(): the history journey reads the browser's own history database from it once the browser closed.
   */
  profileDir?: string;
  /**
   * Web app hosts (`app.slack.com`) the browser resolves to loopback, for behaviour that depends on the tab's
   * host (the chat-preview guard): Chromium's --host-resolver-rules, Firefox's network.dns.localDomains
   * (docs/toolchain.md, "A web app's host on loopback"). No request leaves the machine.
   */
  loopbackHosts?: string[];
  /**
   * An X display (":5") to run the browser on, headed, instead of headless: a key pressed there with
   * xdotool reaches the browser as a person's would (test/journeys/x-display.ts, shortcuts.journey.ts).
   */
  display?: string;
}

/** What `::-p-aria(…)` holds, `Name[role="r"]` or `Name`: the accessible name, then the role when given. */
export const ARIA_NAME_ROLE = /^(.*?)(?:\[role="([a-z]+)"\])?$/s;

/** How long to wait, and how often to look (ms; default: on every animation frame). */
export interface WaitOptions {
  timeout?: number;
  polling?: number;
}

/**
 * A page (tab) as a journey drives it, the same in both browsers: Playwright's page in Chromium
 * (./playwright-page.ts), puppeteer-core's over WebDriver BiDi in Firefox (./puppeteer-page.ts). Selectors are
 * CSS plus two pseudo-elements for what a person sees: `::-p-aria(Name[role="button"])` (an accessible name,
 * with or without a role) and `::-p-text(words)`. Page functions (`evaluate`, `$eval`, `waitForFunction`) run
 * in the page, so they may use nothing from their closure; they take at most one argument.
 */
export interface JourneyPage {
  /** Goes to `url` and waits for its load. */
  goto(url: string): Promise<void>;
  close(): Promise<void>;
  bringToFront(): Promise<void>;
  setViewport(size: { width: number; height: number }): Promise<void>;
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /**
   * The colour scheme the page sees from now on (prefers-color-scheme): Playwright emulates it for this page;
   * Firefox sets its content-override pref, for every page of the browser.
   */
  colorScheme(scheme: 'light' | 'dark'): Promise<void>;
  /** Runs a script's source in the page, past the page's CSP (as the driver evaluates): axe-core's. */
  addScript(source: string): Promise<void>;
  /** Waits until `fn` returns something truthy; on a timeout it throws. */
  waitForFunction<A = undefined>(fn: (arg: A) => unknown, options?: WaitOptions, arg?: A): Promise<void>;
  /** The first element matching `selector` once it is in the page. */
  waitForSelector(
    selector: string,
    options?: { timeout?: number; visible?: boolean },
  ): Promise<JourneyElement>;
  /** Waits until no element matching `selector` is shown. */
  waitForHidden(selector: string): Promise<void>;
  /** The first element matching `selector` now, or null. */
  $(selector: string): Promise<JourneyElement | null>;
  $eval<R>(selector: string, fn: (element: Element) => R): Promise<R>;
  $$eval<R>(selector: string, fn: (elements: Element[]) => R): Promise<R>;
  /**
   * Clicks the element once it is there, shown and enabled (`count` 3: a triple click, selecting its text;
   * `button` 'right': the context menu's click).
   */
  click(selector: string, options?: { count?: number; button?: 'right' }): Promise<void>;
  /** Replaces the value of the field, as typing would. */
  fill(selector: string, value: string): Promise<void>;
  /** Types `text` key by key into the element, after what it holds. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option with this value in a <select>. */
  select(selector: string, value: string): Promise<void>;
  focus(selector: string): Promise<void>;
  /** Keys by their name: "Enter", "Escape", "Control", "KeyA". */
  keyboard: {
    press(key: string): Promise<void>;
    down(key: string): Promise<void>;
    up(key: string): Promise<void>;
  };
  /** Picks `file` in the file input, as the file dialog would. */
  upload(selector: string, file: string): Promise<void>;
}

/** An element found in a page: read in the page, searched within, clicked. */
export interface JourneyElement {
  evaluate<R>(fn: (element: Element) => R): Promise<R>;
  $(selector: string): Promise<JourneyElement | null>;
  $$eval<R>(selector: string, fn: (elements: Element[]) => R): Promise<R>;
  waitForSelector(selector: string): Promise<JourneyElement>;
  click(): Promise<void>;
}

/**
 * One real browser with the journeys' build installed. Where browsers differ, a journey branches on `name`
 * and says so in its test's name.
 */
export interface ExtensionBrowser {
  name: BrowserName;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`. */
  base: string;
  /** Opens an extension page (`popup.html`, `viewer.html#/p/…`) in a new tab and waits for `ready`. */
  open(page: string, ready: string): Promise<JourneyPage>;
  /** Opens a web page in a new tab and waits for its load. */
  web(url: string): Promise<JourneyPage>;
  /** The welcome page the install opened, waited for at launch (never opening mid-journey); it stays open. */
  welcome: JourneyPage;
  /** A tab the extension opened by itself whose address starts with `prefix`, waited for up to 15 s. */
  opened(prefix: string): Promise<JourneyPage>;
  /**
   * Runs `fn` in the extension's background (Chromium's service worker, Firefox's background page) with its
   * global object and a JSON argument; `fn` is sent as source, so it may use nothing from its closure.
   */
  background<R, A = undefined>(fn: (global: BackgroundGlobal, arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** The text on the system clipboard, read from an extension page. */
  clipboard(): Promise<string>;
  /**
   * Stops the background as the browser would, whatever it is doing, and resolves once it is stopped:
   * Chromium's service worker through the DevTools protocol (ServiceWorker.stopAllWorkers, as Chrome stops an
   * idle or long-running worker); Firefox's background page reloaded (as an update reloads it), resolved once
   * the new page's script has run. The next `background()` call or extension event wakes it (Chromium).
   */
  stopBackground(): Promise<void>;
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
