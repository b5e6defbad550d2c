/**
 * The background's wiring of quick pushes: menu items, the keyboard's commands (the selection's push, the
 * clipboard's push and "Copy the last link", shortcuts.ts) and the notifications' "Try again". Listeners are added synchronously on every start of the worker; nothing depends on state
 * from an earlier life of the worker (held requests live in storage.session).
 */
import { t } from '@/lib/i18n';
import { presetName, presetsOf } from '@/lib/presets';
import { backgroundPassphrase } from '@/lib/generator/background';
import { handoffStore } from '@/lib/handoff';
import { allowedKinds, followSettings, loadSettings, readSettings } from '@/lib/settings';
import { keyPath, listTrackedPushes, recordCreatedPush } from '@/lib/watch';
import { askToReadClipboard, platformClipboard, platformClipboardReader } from '@/lib/clipboard/background';
import { destinationOf, keptConnections, sessionVersions } from '@/lib/connection';
import { guardFor, type GuardSettings } from '@/lib/chat-guard';
import { backgroundPendingCreates, lifeEnding } from '@/lib/interrupted';

import { exposeForE2E } from './e2e-hook';
import { sessionHeldLinks, sessionHeldPushes } from './held';
import { fetchImage } from './image';
import { createMenus, readSelection, requestFromMenu, selectionName, type MenuClick } from './menus';

import { browserNotifier, pushOfNotice } from './notifier';
import {
  createQuickPusher,
  isDemoNotice,
  isElsewhereNotice,
  isFailureNotice,
  quickConnect,
  type QuickPushDeps,
} from './pusher';
import {
  COPY_LAST_LINK_COMMAND,
  copyLastLink,
  PUSH_CLIPBOARD_COMMAND,
  pushClipboard,
  type ShortcutDeps,
} from './shortcuts';

import { wireKind, type QuickPushOutcome, type QuickRequest } from './types';

export const PUSH_SELECTION_COMMAND = 'push-selection';
export { COPY_LAST_LINK_COMMAND, PUSH_CLIPBOARD_COMMAND };

/** Firefox has no notification buttons: there a click on the failure notification is "Try again". */
const BUTTONS = !import.meta.env.FIREFOX;

export function defaultQuickPushDeps(buttons = BUTTONS): QuickPushDeps & ShortcutDeps {
  return {
    // Kept while the worker lives; the versions read in this browser session outlive it (issue 22).
    connect: quickConnect(keptConnections({ versions: sessionVersions() })),
    // The words are read from the extension's file, not bundled into the worker (lib/generator/background.ts).
    makePassphrase: () => backgroundPassphrase(),
    keepHandoff: (handoff) => handoffStore().keep(handoff),
    fetchImage: (request) =>
      fetchImage(request, {
        // Late-bound: a bare `fetch` called as a property of another object throws "Illegal invocation".
        fetch: (input, init) => fetch(input, init),
        canRead: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
      }),
    writeClipboard: platformClipboard(),
    notifier: browserNotifier({ buttons }),
    held: sessionHeldPushes(),
    pending: backgroundPendingCreates(),
    leaving: lifeEnding(),
    destination: async () => destinationOf(await loadSettings()),
    kindAllowed: async (request) => (await allowed()).includes(wireKind(request)),
    links: sessionHeldLinks(),
    record: recordCreatedPush,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
    report: (what, error) => console.error(what, error),
    askToReadClipboard,
    readClipboard: platformClipboardReader(),
    lastPush: async () => (await listTrackedPushes(undefined, 1))[0],
  };
}

export interface QuickPushHandlers {
  /** What contextMenus.onClicked calls. */
  menuClicked(
    info: MenuClick,
    tab?: { id?: number; url?: string; title?: string },
  ): Promise<QuickPushOutcome>;
  /**
   * What commands.onCommand calls: the selection's push, the clipboard's push, or "Copy the last link";
   * undefined for commands that are not ours (the popup's).
   */
  command(
    command: string,
    tab?: { id?: number; url?: string; title?: string },
  ): Promise<QuickPushOutcome | undefined>;
  /** What a notification's "Try again" calls. */
  tryAgain(notificationId: string): Promise<QuickPushOutcome>;
  /** What a notification's "Copy anyway" calls. */
  copyAnyway(notificationId: string): Promise<QuickPushOutcome>;
  /**
   * What notifications.onClicked calls: opens the push the notification is about in the dashboard (issue
   * 19), or, in Firefox (no buttons), does a failure's "Try again" or a held link's "Copy anyway".
   */
  /** Resolves once what the click started is done (tests wait for it rather than for time). */
  notificationClicked(notificationId: string): Promise<void>;
  /** What runtime.onInstalled and onStartup call: (re)creates the menu items, titled in the UI language. */
  installMenus(): Promise<void>;
}

/** "Connect a server" on a demo link's notification: the settings page, and the notice goes. */
async function connectServer(notificationId: string): Promise<void> {
  await browser.notifications.clear(notificationId);
  await browser.runtime.openOptionsPage();
}

/** A click on a notification about a push (issue 19): that push's own address in the dashboard. */
async function openPush(notificationId: string): Promise<void> {
  const key = pushOfNotice(notificationId);
  if (!key) return;
  await browser.tabs.create({ url: browser.runtime.getURL(keyPath(key) as '/') });
  await browser.notifications.clear(notificationId);
}

/**
 * The address of the tab a menu click or the shortcut came from: given to the listener when the browser
 * gives it, else read (the click or the shortcut granted activeTab on it). A tab gone has none.
 */
async function addressOf(tab?: { id?: number; url?: string }): Promise<string | undefined> {
  if (tab?.url !== undefined || tab?.id === undefined) return tab?.url;
  return browser.tabs.get(tab.id).then(
    (read) => read?.url, // an unknown tab may come back empty rather than refused
    () => undefined,
  );
}

/**
 * The chat-preview guard (lib/chat-guard): a request made from a chat or mail app's tab carries the app's
 * id while the guard is on, so its create (and a "Try again") gets the retrieval step. The tab's address
 * itself goes no further.
 */
async function fromTab(
  request: QuickRequest,
  address: Promise<string | undefined>,
  settings: Promise<GuardSettings>,
): Promise<QuickRequest> {
  const app = guardFor(await address, await settings);
  return app ? { ...request, chat: app.id } : request;
}

/** The kinds the organization allows (all without a policy). */
const allowed = async () => allowedKinds((await readSettings()).settings.policy ?? {});

function run(what: string, task: Promise<unknown>): Promise<void> {
  return task.then(
    () => undefined,
    (error: unknown) => console.error(what, error),
  );
}

/** A notification's one action (its button in Chrome, a click on it in Firefox). */
async function act(handlers: Pick<QuickPushHandlers, 'tryAgain' | 'copyAnyway'>, id: string): Promise<void> {
  // The words given to run() are logged for developers. i18n-ignore
  if (isFailureNotice(id)) await run('Try again failed', handlers.tryAgain(id));
  // i18n-ignore
  else if (isElsewhereNotice(id)) await run('Copy anyway failed', handlers.copyAnyway(id));
  // A demo link's "Connect a server": the settings, where a server is connected. i18n-ignore
  else if (isDemoNotice(id)) await run('Could not open the settings', connectServer(id));
}

/**
 * Adds the browser's listeners, each calling its handler; `dismissed` drops what a closed notification
 * held. Each browser gets the button listener only where notifications have buttons (not Firefox).
 */
function listen(handlers: QuickPushHandlers, buttons: boolean, dismissed: (id: string) => Promise<unknown>) {
  const installMenus = () => run('Could not create the menu items', handlers.installMenus()); // i18n-ignore
  browser.runtime.onInstalled.addListener(installMenus);
  browser.runtime.onStartup.addListener(installMenus);
  // The organization's allowed kinds or the presets changed: the menu offers exactly those.
  followSettings(installMenus, { part: 'presets' });
  browser.contextMenus.onClicked.addListener(
    (info, tab) => run('Quick push from the menu failed', handlers.menuClicked(info, tab)), // i18n-ignore
  );
  browser.commands.onCommand.addListener(
    (command, tab) => run('Quick push from the shortcut failed', handlers.command(command, tab)), // i18n-ignore
  );
  if (buttons)
    browser.notifications.onButtonClicked.addListener((id, index) =>
      index === 0 ? act(handlers, id) : undefined,
    );
  browser.notifications.onClicked.addListener((id) => handlers.notificationClicked(id));
  browser.notifications.onClosed.addListener((id) =>
    isFailureNotice(id) || isElsewhereNotice(id)
      ? run('Could not drop what a notification held', dismissed(id)) // i18n-ignore
      : undefined,
  );
}

/**
 * Registers every quick-push listener; returns the handlers they call (tests use them). `buttons` says
 * whether notifications have buttons (Chrome) or are acted on by a click on them (Firefox, which rejects
 * a notification with buttons); it defaults to the browser built for.
 */
export function registerQuickPush(
  overrides: Partial<QuickPushDeps & ShortcutDeps> = {},
  { buttons = BUTTONS }: { buttons?: boolean } = {},
): QuickPushHandlers {
  const deps = { ...defaultQuickPushDeps(buttons), ...overrides };
  const base = createQuickPusher(deps);
  // The allowed kinds and the saved server need no selected text: read while the page is asked for it
  // (about a millisecond each, issue 13). Awaited later, or never when there is nothing to push, so a
  // failure is caught here and met again where it is awaited.
  const readAhead = () => {
    // One read of the settings for both (issue 22: each read is a storage round trip on the worker's thread).
    const read = loadSettings({ whole: true });
    const kinds = read.then(({ settings }) => allowedKinds(settings.policy ?? {}));
    const connection = deps.connect(
      undefined,
      read.then(({ settings }) => settings),
    );
    const preferences: Promise<GuardSettings> = read.then((whole) => whole.preferences);
    kinds.catch(() => undefined);
    connection.catch(() => undefined);
    preferences.catch(() => undefined);
    return { kinds, connection, preferences };
  };
  const pusher = {
    ...base,
    // A request whose kind the organization no longer allows (a menu item or the shortcut left over from
    // before a policy change) is not sent.
    push: async (request: QuickRequest, ready = readAhead()) =>
      (await ready.kinds).includes(wireKind(request))
        ? base.push(request, ready.connection)
        : base.nothing(t('policy_kindNotAllowed')),
  };
  const handlers: QuickPushHandlers = {
    async menuClicked(info, tab) {
      // The page is asked for its selection first: the longest wait, so it starts before the settings'
      // reads, which take their turn while the page answers.
      const requested = requestFromMenu(info, tab, readSelection);
      const ready = readAhead();
      // The tab's address for the chat-preview guard, read (when the listener got only its id) meanwhile.
      const address = addressOf(tab);
      const request = await requested;
      return request
        ? pusher.push(await fromTab(request, address, ready.preferences), ready)
        : pusher.nothing(t('quick_nothingThere'));
    },
    async command(command, tab) {
      // Asked first, in the key press's own turn: a permission request needs the user's gesture.
      if (command === PUSH_CLIPBOARD_COMMAND) return pushClipboard(deps, pusher);
      if (command === COPY_LAST_LINK_COMMAND) return copyLastLink(deps, pusher.nothing);
      if (command !== PUSH_SELECTION_COMMAND) return undefined;
      const ready = readAhead();
      const [active] =
        tab?.id === undefined ? await browser.tabs.query({ active: true, currentWindow: true }) : [tab];
      const address = addressOf(active); // read while the page answers
      const text = active?.id === undefined ? undefined : await readSelection(active.id);
      if (text === undefined) return pusher.nothing(t('quick_cannotReadPage'));
      if (!text.trim()) return pusher.nothing(t('quick_selectFirst'));
      const name = selectionName({ title: active?.title, pageUrl: active?.url });
      const request = await fromTab({ kind: 'text', payload: text, name }, address, ready.preferences);
      return pusher.push(request, ready);
    },
    tryAgain: (id) => pusher.tryAgain(id),
    copyAnyway: (id) => pusher.copyAnyway(id),
    // The click is the held request's or link's action where Firefox has no button for it.
    notificationClicked: (id) => {
      if (!buttons && (isFailureNotice(id) || isElsewhereNotice(id))) return act(handlers, id);
      return run('Could not open the push in the dashboard', openPush(id)); // i18n-ignore
    },
    installMenus: async () => {
      const { settings } = await readSettings();
      const presets = presetsOf(settings).map((preset) => ({ id: preset.id, title: presetName(preset) }));
      await createMenus(browser.contextMenus, allowedKinds(settings.policy ?? {}), presets);
    },
  };
  listen(handlers, buttons, (id) => pusher.dismissed(id));
  exposeForE2E(handlers);
  return handlers;
}
