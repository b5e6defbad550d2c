/**
 * The listeners as the browser calls them: menu clicks, the shortcut, the notification's "Try again" and
 * its dismissal, with fakeBrowser (contextMenus, commands and scripting mocked: fakeBrowser lacks them)
 * and the real client against the in-process mock.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { DEMO_PREFIX, noticeId } from '@/lib/quick-push/notifier';
import { registerQuickPush } from '@/lib/quick-push/background';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { closeWatchDb } from '@/lib/watch/db';
import { ALICE, BASE, harness, type Harness } from '../api/harness';
import { DEFAULT_PUSH_DEFAULTS, saveSettings } from '@/lib/settings';
import { notifications, POSTS, rig, sessionText, type Rig } from './helpers';
import type { Menus, Tabs } from 'webextension-polyfill';
import { pushKey, pushPath } from '@/lib/watch/push-address';

// Chrome's click data (WXT's types); Firefox's also has modifier keys, which Chrome does not send.
type MenuListener = (info: Omit<Menus.OnClickData, 'modifiers'>, tab?: Tabs.Tab) => void;
type CommandListener = (command: string, tab?: Tabs.Tab) => void;

let h: Harness;
let r: Rig;
let onMenu: MenuListener;
let onCommand: CommandListener;
let menuItems: string[];
let pageSelection: string | Error;

beforeEach(async () => {
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  h = await harness('pro');
  r = rig(h);
  menuItems = [];
  pageSelection = '';
  // readSelection logs pages it cannot script; that is expected in the tests that throw.
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => void (menuItems = []));
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(((
    props: { id: string },
    done?: () => void,
  ) => {
    menuItems.push(props.id);
    done?.();
    return props.id;
  }) as never);
  vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(((cb: MenuListener) => {
    onMenu = cb;
  }) as never);
  vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(((cb: CommandListener) => {
    onCommand = cb;
  }) as never);
  vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async () => {
    if (pageSelection instanceof Error) throw pageSelection;
    return [{ frameId: 0, result: pageSelection }];
  }) as never);
});

/** The addresses of the tabs open now. */
const tabUrls = async () => (await fakeBrowser.tabs.query({})).map((tab) => tab.url);

/** A push's own address in the dashboard, as a tab opened on it shows it. */
const dashboardOn = (server: string, token: string) =>
  fakeBrowser.runtime.getURL(pushPath({ server, url_token: token }) as '/');

/** Waits until a notification with this title is on screen and returns its id. */
async function notice(title: string): Promise<string> {
  return vi.waitFor(() => {
    const found = Object.entries(notifications()).find(([, options]) => options.title === title);
    if (!found) throw new Error(`no notification "${title}" yet`);
    return found[0];
  });
}

describe('registerQuickPush', () => {
  it('creates the menu items on install and again on browser start', async () => {
    registerQuickPush(r.deps);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(menuItems).toHaveLength(4));
    await fakeBrowser.runtime.onStartup.trigger();
    await vi.waitFor(() => expect(menuItems).toEqual(Object.values(MENU_IDS)));
  });

  it('offers only the menu items of the kinds the organization allows, and follows a change of policy', async () => {
    await fakeBrowser.storage.local.set({ policy: { policy: { allowedKinds: ['url'] }, notes: [] } });
    registerQuickPush(r.deps);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(menuItems).toEqual([MENU_IDS.link, MENU_IDS.page]));
    await fakeBrowser.storage.local.set({
      policy: { policy: { allowedKinds: ['text', 'file'] }, notes: [] },
    });
    await vi.waitFor(() => expect(menuItems).toEqual([MENU_IDS.selection, MENU_IDS.image]));
  });

  it('pushes nothing of a kind the organization does not allow (the shortcut pushes text)', async () => {
    await fakeBrowser.storage.local.set({ policy: { policy: { allowedKinds: ['url'] }, notes: [] } });
    registerQuickPush(r.deps);
    pageSelection = 'not allowed';
    onCommand('push-selection', { id: 9 } as never);

    const id = await notice('Nothing was pushed');
    expect(notifications()[id]?.message).toBe('Your organization does not allow this kind of push.');
    expect(POSTS(h)).toHaveLength(0);
  });

  it('"Push selected text" pushes the page’s selection and copies the link', async () => {
    registerQuickPush(r.deps);
    pageSelection = 'line one\nline two';
    onMenu(
      {
        menuItemId: MENU_IDS.selection,
        selectionText: 'line one line two',
        editable: false,
        pageUrl: 'https://example.com/',
      },
      { id: 4 } as never,
    );

    await notice('Secret link copied');
    expect(r.clipboard).toHaveLength(1);
    const token = new URL(r.clipboard[0]!).pathname.split('/')[2]!;
    expect((await h.client().retrievePush(token)).payload).toBe('line one\nline two');
  });

  it('asks the page for its selection first and reads the saved server while it answers, once per push', async () => {
    const connect = vi.fn(r.deps.connect!);
    registerQuickPush({ ...r.deps, connect });
    let askedFirst = false;
    let connectedBeforeTheText = false;
    vi.mocked(fakeBrowser.scripting.executeScript).mockImplementation((async () => {
      askedFirst = connect.mock.calls.length === 0;
      await Promise.resolve(); // the page answers after a turn, as a real page does
      connectedBeforeTheText = connect.mock.calls.length === 1;
      return [{ frameId: 0, result: 'read meanwhile' }];
    }) as never);
    onMenu({ menuItemId: MENU_IDS.selection, selectionText: 'read meanwhile', editable: false }, {
      id: 4,
    } as never);

    await notice('Secret link copied');
    expect(askedFirst).toBe(true);
    expect(connectedBeforeTheText).toBe(true);
    expect(connect).toHaveBeenCalledTimes(1);
    const token = new URL(r.clipboard[0]!).pathname.split('/')[2]!;
    expect((await h.client().retrievePush(token)).payload).toBe('read meanwhile');
  });

  it('the shortcut pushes the active tab’s selection', async () => {
    registerQuickPush(r.deps);
    pageSelection = 'from the shortcut';
    onCommand('push-selection', { id: 9 } as never);

    await notice('Secret link copied');
    expect(fakeBrowser.scripting.executeScript).toHaveBeenCalledWith(
      expect.objectContaining({ target: { tabId: 9 } }),
    );
    const token = new URL(r.clipboard[0]!).pathname.split('/')[2]!;
    expect((await h.client().retrievePush(token)).payload).toBe('from the shortcut');
  });

  it.each([
    ['nothing is selected', '', 'Select some text first, then press the shortcut again.'],
    [
      'the page cannot be scripted',
      new Error('Cannot access a chrome:// URL'),
      'Secret Push cannot read this page. Use the menu item "Push selected text" instead.',
    ],
  ])('the shortcut says so when %s', async (_, selection, message) => {
    registerQuickPush(r.deps);
    pageSelection = selection;
    onCommand('push-selection', { id: 9 } as never);

    const id = await notice('Nothing was pushed');
    expect(notifications()[id]?.message).toBe(message);
    expect(POSTS(h)).toHaveLength(0);
  });

  it('ignores commands that are not its own', async () => {
    const handlers = registerQuickPush(r.deps);
    expect(await handlers.command('_execute_action', { id: 9 })).toBeUndefined();
    expect(fakeBrowser.scripting.executeScript).not.toHaveBeenCalled();
  });

  it('"Try again" on a failure sends the held text once the server answers', async () => {
    registerQuickPush(r.deps);
    h.tamper(async () => {
      throw new TypeError('Failed to fetch');
    });
    onMenu({
      menuItemId: MENU_IDS.link,
      linkUrl: 'https://example.com/secret-doc',
      editable: false,
      pageUrl: 'https://example.com/',
    });
    const failed = await notice('Could not push the link');
    expect(notifications()[failed]?.buttons).toEqual([{ title: 'Try again' }]);
    h.tamper(null);

    await fakeBrowser.notifications.onButtonClicked.trigger(failed, 0);

    await notice('Secret link copied');
    expect(notifications()).not.toHaveProperty(failed);
    expect(POSTS(h)).toHaveLength(1);
    expect(await sessionText()).not.toContain('secret-doc');
  });

  it('"Copy anyway" copies a link on another origin only once pressed, then clears it (issue 9 #3)', async () => {
    registerQuickPush(r.deps);
    h.tamper(async (request, forward) => {
      const answer = await forward(request);
      if (request.method !== 'POST') return answer;
      const body = await answer.json();
      const html_url = body.html_url.replace(/^http:\/\/[^/]+/, 'https://evil.example');
      return Response.json({ ...body, html_url }, { status: answer.status });
    });
    onMenu({ menuItemId: MENU_IDS.selection, selectionText: 'x', editable: false, pageUrl: 'https://a/' });
    const asked = await notice('Pushed, but the link points elsewhere');
    expect(r.clipboard).toEqual([]);

    await fakeBrowser.notifications.onButtonClicked.trigger(asked, 0);

    await notice('Secret link copied');
    expect(r.clipboard).toHaveLength(1);
    expect(r.clipboard[0]!.startsWith('https://evil.example/p/')).toBe(true);
    expect(notifications()).not.toHaveProperty(asked);
    expect(POSTS(h)).toHaveLength(1);
  });

  it('"Connect a server" on a demo link\'s notification opens the settings and clears the notice', async () => {
    registerQuickPush(r.deps);
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const id = `${DEMO_PREFIX}1`;
    await r.deps.notifier.show(id, { title: 'Demo link copied', message: 'x', retry: false, connect: true });
    expect(notifications()).toHaveProperty(id);

    await fakeBrowser.notifications.onButtonClicked.trigger(id, 0);

    await vi.waitFor(() => expect(openOptions).toHaveBeenCalledOnce());
    expect(notifications()).not.toHaveProperty(id);
    expect(POSTS(h)).toHaveLength(0);
  });

  it('dismissing a failure drops the held text; its button then sends nothing', async () => {
    registerQuickPush(r.deps);
    h.tamper(async () => {
      throw new TypeError('Failed to fetch');
    });
    onMenu({
      menuItemId: MENU_IDS.selection,
      selectionText: 'hunter2',
      editable: false,
      pageUrl: 'https://example.com/',
    });
    const failed = await notice('Could not push the selected text');
    expect(await sessionText()).toContain('hunter2');
    h.tamper(null);

    await fakeBrowser.notifications.onClosed.trigger(failed, true);
    await vi.waitFor(async () => expect(await sessionText()).not.toContain('hunter2'));
    await fakeBrowser.notifications.onButtonClicked.trigger(failed, 0);

    await notice('Nothing was pushed');
    expect(POSTS(h)).toHaveLength(0);
  });

  it("a click on a quick push's notification opens that push in the dashboard and clears it (issue 19)", async () => {
    registerQuickPush(r.deps);
    onMenu({ menuItemId: MENU_IDS.selection, selectionText: 'x', editable: false, pageUrl: 'https://a/' });
    const copied = await notice('Secret link copied');
    const token = new URL(r.clipboard[0]!).pathname.split('/')[2]!;

    await fakeBrowser.notifications.onClicked.trigger(copied);

    await vi.waitFor(async () => expect(await tabUrls()).toContain(dashboardOn(BASE, token)));
    expect(notifications()).not.toHaveProperty(copied);
  });

  it('a click on a failure (about no push) opens nothing; its button still tries again', async () => {
    registerQuickPush(r.deps);
    h.tamper(async () => {
      throw new TypeError('Failed to fetch');
    });
    onMenu({ menuItemId: MENU_IDS.selection, selectionText: 'x', editable: false, pageUrl: 'https://a/' });
    const failed = await notice('Could not push the selected text');
    const before = await tabUrls();

    // The trigger resolves once what the click started is done (notificationClicked returns it).
    await fakeBrowser.notifications.onClicked.trigger(failed);
    expect(await tabUrls()).toEqual(before);
    expect(notifications()).toHaveProperty(failed);
    expect(POSTS(h)).toHaveLength(0);
  });

  it('leaves other notifications (the watcher’s) alone', async () => {
    const handlers = registerQuickPush(r.deps);
    const tryAgain = vi.spyOn(handlers, 'tryAgain');
    await fakeBrowser.notifications.onButtonClicked.trigger('watch:event:1', 0);
    await fakeBrowser.notifications.onClicked.trigger('watch:event:1');
    expect(tryAgain).not.toHaveBeenCalled();
    expect(notifications()).toEqual({});
  });
});

describe('registerQuickPush on Firefox (notifications without buttons)', () => {
  const failing = async () => {
    throw new TypeError('Failed to fetch');
  };

  it('a click on a failure tries again, and the close Firefox fires after the click drops nothing', async () => {
    const firefox = rig(h, { buttons: false });
    registerQuickPush(firefox.deps, { buttons: false });
    h.tamper(failing);
    onMenu({ menuItemId: MENU_IDS.link, linkUrl: 'https://example.com/doc', editable: false });
    const failed = await notice('Could not push the link');
    expect(notifications()[failed]).not.toHaveProperty('buttons');
    expect(notifications()[failed]?.message).toMatch(/Click here to try again\.$/);
    h.tamper(null);

    // Firefox fires onClicked, then onClosed for the same notification (ext-notifications.js).
    await fakeBrowser.notifications.onClicked.trigger(failed);
    await fakeBrowser.notifications.onClosed.trigger(failed, true);

    await notice('Secret link copied');
    expect(firefox.clipboard).toHaveLength(1);
    expect(POSTS(h)).toHaveLength(1);
  });

  it('a click on "the link points elsewhere" copies it anyway, despite the close that follows', async () => {
    const firefox = rig(h, { buttons: false });
    registerQuickPush(firefox.deps, { buttons: false });
    h.tamper(async (request, forward) => {
      const answer = await forward(request);
      if (request.method !== 'POST') return answer;
      const body = await answer.json();
      const html_url = body.html_url.replace(/^http:\/\/[^/]+/, 'https://elsewhere.example');
      return Response.json({ ...body, html_url }, { status: answer.status });
    });
    onMenu({ menuItemId: MENU_IDS.selection, selectionText: 'x', editable: false, pageUrl: 'https://a/' });
    const asked = await notice('Pushed, but the link points elsewhere');
    expect(notifications()[asked]?.message).toMatch(/Click here to copy it anyway\.$/);

    await fakeBrowser.notifications.onClicked.trigger(asked);
    await fakeBrowser.notifications.onClosed.trigger(asked, true);

    await notice('Secret link copied');
    expect(firefox.clipboard).toEqual([expect.stringMatching(/^https:\/\/elsewhere\.example\/p\//)]);
  });

  it("a click on a demo push's notification opens that push, not the settings (issue 19)", async () => {
    const firefox = rig(h, { buttons: false });
    registerQuickPush(firefox.deps, { buttons: false });
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const id = noticeId(DEMO_PREFIX, '1', pushKey({ server: DEMO_BASE_URL, url_token: 'demo42' }));
    await firefox.deps.notifier.show(id, {
      title: 'Demo link copied',
      message: 'x',
      retry: false,
      connect: true,
    });

    await fakeBrowser.notifications.onClicked.trigger(id);

    await vi.waitFor(async () => expect(await tabUrls()).toContain(dashboardOn(DEMO_BASE_URL, 'demo42')));
    expect(openOptions).not.toHaveBeenCalled();
    expect(notifications()).not.toHaveProperty(id);
  });

  it('a button click never reaches it: Firefox has no buttons, so only the click listener is added', async () => {
    const addButtons = vi.spyOn(fakeBrowser.notifications.onButtonClicked, 'addListener');
    registerQuickPush(rig(h, { buttons: false }).deps, { buttons: false });
    expect(addButtons).not.toHaveBeenCalled();
  });
});

describe('the chat-preview guard on a quick push (issue 39)', () => {
  const LINE = 'Retrieval step on: chat previews would use up a view';
  /** The user's defaults with the retrieval step off: the guard has something to turn on. */
  const off = { ...DEFAULT_PUSH_DEFAULTS, retrievalStep: false };
  let g: Rig;
  beforeEach(() => {
    g = rig(h, { defaults: off });
    registerQuickPush(g.deps);
  });
  /** The retrieval step of the push whose link was copied last, as the server holds it. */
  const stepOfCopied = async () => {
    const token = new URL(g.clipboard.at(-1)!).pathname.split('/')[2]!;
    return (await h.client(ALICE.token).retrievePush(token)).retrieval_step;
  };

  it('the shortcut on a chat app’s tab turns the retrieval step on, and its notification says why', async () => {
    pageSelection = 'from slack';
    onCommand('push-selection', { id: 9, url: 'https://app.slack.com/client/T1/C2' } as never);

    const id = await notice('Secret link copied');
    expect(notifications()[id]?.message.split('\n')).toEqual([
      expect.stringContaining('Paste the link'),
      LINE,
    ]);
    expect(await stepOfCopied()).toBe(true);
  });

  it('reads the tab’s address when the browser gives the listener only its id', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://teams.microsoft.com/v2/' });
    pageSelection = 'from teams';
    onCommand('push-selection', { id: tab.id } as never);
    const id = await notice('Secret link copied');
    expect(notifications()[id]?.message).toContain(LINE);
    expect(await stepOfCopied()).toBe(true);
  });

  it('a menu item on a mail app’s tab does too', async () => {
    onMenu(
      {
        menuItemId: MENU_IDS.link,
        linkUrl: 'https://example.com/doc',
        editable: false,
        pageUrl: 'https://mail.google.com/mail/u/0/',
      },
      { id: 4, url: 'https://mail.google.com/mail/u/0/#inbox' } as never,
    );
    const id = await notice('Secret link copied');
    expect(notifications()[id]?.message).toContain(LINE);
    expect(await stepOfCopied()).toBe(true);
  });

  it('leaves the defaults and says nothing on any other tab', async () => {
    pageSelection = 'from the wiki';
    onCommand('push-selection', { id: 9, url: 'https://intranet.example/wiki' } as never);
    const id = await notice('Secret link copied');
    expect(notifications()[id]?.message).not.toContain(LINE);
    expect(await stepOfCopied()).toBe(false);
  });

  it('leaves the defaults and says nothing once the setting turns the guard off', async () => {
    await saveSettings({ type: 'chatGuard', on: false });
    pageSelection = 'from slack, unguarded';
    onCommand('push-selection', { id: 9, url: 'https://app.slack.com/client/T1/C2' } as never);
    const id = await notice('Secret link copied');
    expect(notifications()[id]?.message).not.toContain(LINE);
    expect(await stepOfCopied()).toBe(false);
  });

  it('"Try again" is guarded too: the held request keeps the app’s id, and the guard adds no address', async () => {
    h.tamper(async () => {
      throw new TypeError('Failed to fetch');
    });
    pageSelection = 'retried';
    onCommand('push-selection', { id: 9, url: 'https://app.slack.com/client/T1/C2' } as never);
    const failed = await notice('Could not push the selected text');
    // The request as it always was (its name after the page), with the app's id alone added.
    const { quickPushHeld } = await fakeBrowser.storage.session.get('quickPushHeld');
    expect(Object.values(quickPushHeld as object)[0].request).toEqual({
      kind: 'text',
      payload: 'retried',
      name: 'Selection · app.slack.com',
      chat: 'slack',
    });
    h.tamper(null);

    await fakeBrowser.notifications.onButtonClicked.trigger(failed, 0);
    const id = await notice('Secret link copied');
    expect(notifications()[id]?.message).toContain(LINE);
    expect(await stepOfCopied()).toBe(true);
  });
});
