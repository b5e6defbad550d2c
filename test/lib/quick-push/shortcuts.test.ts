/**
 * The keyboard's "Push the clipboard" and "Copy the last link" (issue 39 §4) as commands.onCommand calls
 * them: the real client against the in-process mock, the real recorder and the watcher's real read on
 * fake-indexeddb, WXT's fakeBrowser for notifications and storage; the clipboard is a variable the test
 * owns (lib/clipboard's own reads are tested in test/lib/clipboard/read.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerQuickPush } from '@/lib/quick-push/background';
import type { ShortcutDeps } from '@/lib/quick-push/shortcuts';
import { DEFAULT_PUSH_DEFAULTS, type PushDefaults } from '@/lib/settings';
import { closeWatchDb } from '@/lib/watch/db';
import { listTrackedPushes } from '@/lib/watch/read';
import { recordCreatedPush } from '@/lib/watch/record';
import { ALICE, BASE, harness, type Harness } from '../api/harness';
import { signInAlice } from '../watch/helpers';
import { notifications, POSTS, rig, sessionText, type Rig } from './helpers';
import type { Tabs } from 'webextension-polyfill';

type CommandListener = (command: string, tab?: Tabs.Tab) => void;

let h: Harness;
let r: Rig;
let onCommand: CommandListener;
/** The system clipboard as the extension reads it: null when the browser refuses the read. */
let board: string | null;
let granted: boolean;
let events: string[];
let registered: boolean;

/** Quick push's own defaults for these tests: not the built-in ones, so the test sees them used. */
const DEFAULTS: PushDefaults = {
  ...DEFAULT_PUSH_DEFAULTS,
  expireAfterViews: 2,
  retrievalStep: false,
  deletableByViewer: false,
  passphrase: false,
};

function shortcutDeps(): ShortcutDeps {
  return {
    askToReadClipboard: async () => {
      events.push('asked');
      return granted;
    },
    readClipboard: async () => {
      events.push('read');
      return board;
    },
    lastPush: async () => (await listTrackedPushes(undefined, 1))[0],
  };
}

beforeEach(async () => {
  closeWatchDb();
  globalThis.indexedDB = new IDBFactory();
  h = await harness('pro');
  r = rig(h, { defaults: DEFAULTS });
  board = null;
  granted = true;
  events = [];
  await signInAlice(); // the account whose pushes the watcher follows
  // fakeBrowser has no contextMenus events: the menu's listener is not what these tests press.
  vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation((() => '') as never);
  vi.spyOn(fakeBrowser.commands.onCommand, 'addListener').mockImplementation(((cb: CommandListener) => {
    onCommand = cb;
  }) as never);
  // The clipboard's write goes through r.deps.writeClipboard into r.clipboard, and the board follows it.
  const write = r.deps.writeClipboard;
  r.deps.writeClipboard = async (text) => {
    await write(text);
    board = text;
  };
  registered = false;
});

/** Presses a command: the listeners are registered on the first press, over the settings as saved then. */
function press(command: string): void {
  if (!registered) registerQuickPush({ ...r.deps, ...shortcutDeps() });
  registered = true;
  onCommand(command);
}

/** Waits until a notification with this title is on screen and returns its message. */
async function notice(title: string): Promise<string> {
  return vi.waitFor(() => {
    const found = Object.values(notifications()).find((options) => options.title === title);
    if (!found) throw new Error(`no notification "${title}" yet`);
    return found.message;
  });
}

const tokenOf = (link: string) => new URL(link).pathname.split('/')[2]!;

describe('"Push the clipboard" (Alt+Shift+Y)', () => {
  it('asks for the permission first, in the key press’s own turn, then pushes the clipboard’s text with quick push’s options and puts the link in its place', async () => {
    board = 'clipboard secret 7f3a\nsecond line';
    press('push-clipboard');
    // Synchronously, before any await: the request needs the press's gesture.
    expect(events).toEqual(['asked']);

    expect(await notice('Secret link copied')).toContain('Paste the link');
    expect(events).toEqual(['asked', 'read']);
    expect(r.clipboard).toHaveLength(1);
    expect(board).toBe(r.clipboard[0]);
    expect(board).not.toContain('clipboard secret');
    const pushed = await h.client(ALICE.token).retrievePush(tokenOf(r.clipboard[0]!));
    expect(pushed.payload).toBe('clipboard secret 7f3a\nsecond line');
    expect(pushed).toMatchObject({
      expire_after_views: 2,
      retrieval_step: false,
      deletable_by_viewer: false,
    });
    // Named after its source, never after the text: the create request's name.
    const post = h.requests.find((request) => request.method === 'POST')!;
    expect(JSON.stringify(await post.clone().json())).toContain('"name":"Clipboard"');
    expect(POSTS(h)).toHaveLength(1);
    // The secret went to the server only: not to storage, not to a notification.
    expect(await sessionText()).not.toContain('7f3a');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('7f3a');
    expect(JSON.stringify(notifications())).not.toContain('7f3a');
  });

  it('pushes nothing and reads nothing when the person refuses the permission', async () => {
    granted = false;
    board = 'never read';
    press('push-clipboard');
    expect(await notice('Nothing was pushed')).toBe(
      'Secret Push was not allowed to read the clipboard, so nothing was pushed. Press the shortcut again to be asked again.',
    );
    expect(events).toEqual(['asked']);
    expect(POSTS(h)).toHaveLength(0);
    expect(board).toBe('never read');
  });

  it.each([
    [
      'holds no text',
      '  \n ',
      'The clipboard holds no text. Copy the secret first, then press the shortcut again.',
    ],
    [
      'cannot be read',
      null,
      'The browser did not let Secret Push read the clipboard, so nothing was pushed.',
    ],
  ])('pushes nothing when the clipboard %s, and says so', async (_, text, message) => {
    board = text;
    press('push-clipboard');
    expect(await notice('Nothing was pushed')).toBe(message);
    expect(POSTS(h)).toHaveLength(0);
    expect(r.clipboard).toEqual([]);
  });

  it('sends nothing of a kind the organization does not allow (text)', async () => {
    await fakeBrowser.storage.local.set({ policy: { policy: { allowedKinds: ['url'] }, notes: [] } });
    board = 'policy says no';
    press('push-clipboard');
    expect(await notice('Nothing was pushed')).toBe('Your organization does not allow this kind of push.');
    expect(POSTS(h)).toHaveLength(0);
    expect(board).toBe('policy says no');
  });
});

describe('"Copy the last link" (Alt+Shift+K)', () => {
  it('says there is none before any push, and copies nothing', async () => {
    press('copy-last-link');
    expect(await notice('Nothing was pushed')).toBe('There is no push yet whose link could be copied.');
    expect(r.clipboard).toEqual([]);
  });

  it('copies the newest push’s link again, and its notice opens that push', async () => {
    board = 'first secret';
    press('push-clipboard');
    await vi.waitFor(() => expect(r.clipboard).toHaveLength(1));
    h.advance(60_000);
    board = 'second secret';
    press('push-clipboard');
    await vi.waitFor(() => expect(r.clipboard).toHaveLength(2));
    await fakeBrowser.notifications.clear(Object.keys(notifications())[0]!);
    board = 'something else';

    press('copy-last-link');
    await vi.waitFor(() => expect(r.clipboard).toHaveLength(3));
    expect(r.clipboard[2]).toBe(r.clipboard[1]);
    expect(board).toBe(r.clipboard[1]);
    expect((await h.client().retrievePush(tokenOf(r.clipboard[2]!))).payload).toBe('second secret');
    expect(POSTS(h)).toHaveLength(2);
    const last = Object.keys(notifications()).find((id) => id.startsWith('quick-push:pushed:'));
    expect(last).toContain('|#/push/');
  });

  it('copies nothing when the newest push has expired (never an older one), and says so', async () => {
    board = 'older, still open';
    press('push-clipboard');
    await vi.waitFor(() => expect(r.clipboard).toHaveLength(1));
    h.advance(60_000);
    // The newest push, made and expired on the server, recorded as the watcher would see it then.
    const alice = h.client(ALICE.token);
    const { push: newest } = await alice.createPush({ kind: 'text', payload: 'newest, expired' });
    await alice.deletePush(newest.url_token);
    await recordCreatedPush(
      { ...newest, expired: true, expired_on: new Date(h.now()).toISOString() },
      {
        server: BASE,
        kind: 'text',
      },
    );
    expect((await listTrackedPushes(undefined, 1))[0]).toMatchObject({
      url_token: newest.url_token,
      expired: true,
    });

    press('copy-last-link');
    expect(await notice('Nothing was pushed')).toBe(
      'Your last push has expired, so its link was not copied.',
    );
    expect(r.clipboard).toHaveLength(1);
  });
});
