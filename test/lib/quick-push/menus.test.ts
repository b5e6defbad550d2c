import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createMenus,
  imageName,
  linkName,
  MENU_IDS,
  pageName,
  requestFromMenu,
  selectionName,
  type SelectionReader,
} from '@/lib/quick-push/menus';

/** runtime.lastError is read-only in the types; the browser sets it around a callback, and so do these fakes. */
function setLastError(error: { message: string } | undefined) {
  (fakeBrowser.runtime as { lastError?: { message: string } }).lastError = error;
}

/** fakeBrowser has no contextMenus (toolchain pitfall 12): keep the items in a map, as Chrome does. */
function fakeMenus() {
  const items = new Map<string, unknown>();
  const removeAll = vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => {
    items.clear();
  });
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(((
    props: { id: string },
    done?: () => void,
  ) => {
    if (items.has(props.id)) setLastError({ message: `Cannot create item with duplicate id ${props.id}` });
    items.set(props.id, props);
    done?.();
    setLastError(undefined);
    return props.id;
  }) as never);
  return { items, removeAll };
}

describe('createMenus', () => {
  it('creates the four items with their contexts', async () => {
    const { items } = fakeMenus();
    await createMenus();
    expect([...items.values()]).toEqual([
      { id: MENU_IDS.selection, title: 'Push selected text', contexts: ['selection'] },
      { id: MENU_IDS.link, title: 'Push this link', contexts: ['link'] },
      { id: MENU_IDS.page, title: "Push this page's URL", contexts: ['page'] },
      { id: MENU_IDS.image, title: 'Push this image', contexts: ['image'] },
    ]);
  });

  it('offers only the items whose kind is allowed (an image makes a file push)', async () => {
    const { items } = fakeMenus();
    await createMenus(browser.contextMenus, ['url', 'file']);
    expect([...items.keys()]).toEqual([MENU_IDS.link, MENU_IDS.page, MENU_IDS.image]);
    await createMenus(browser.contextMenus, ['text']);
    expect([...items.keys()]).toEqual([MENU_IDS.selection]);
  });

  it('can run again (install, then browser start) without a duplicate-id error', async () => {
    const { items, removeAll } = fakeMenus();
    await createMenus();
    await expect(createMenus()).resolves.toBeUndefined();
    expect(removeAll).toHaveBeenCalledTimes(2);
    expect(items.size).toBe(4);
  });

  it('reports an item the browser refused', async () => {
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => {});
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(((_: unknown, done?: () => void) => {
      setLastError({ message: 'nope' });
      done?.();
      setLastError(undefined);
      return 'x';
    }) as never);
    await expect(createMenus()).rejects.toThrow(`Menu item ${MENU_IDS.selection}: nope`);
  });
});

describe('requestFromMenu', () => {
  const tab = { id: 7, url: 'https://example.com/page' };
  const reads = (text: string | undefined) => vi.fn<SelectionReader>(async () => text);

  it('reads the selection from the page, keeping its line breaks', async () => {
    const reader = reads('user: bob\npass: hunter2');
    const request = await requestFromMenu(
      { menuItemId: MENU_IDS.selection, selectionText: 'user: bob pass: hunter2', frameId: 3 },
      tab,
      reader,
    );
    expect(request).toEqual({
      kind: 'text',
      payload: 'user: bob\npass: hunter2',
      name: 'Selection · example.com',
    });
    expect(reader).toHaveBeenCalledWith(7, 3);
  });

  it.each([
    ['the page cannot be read', undefined],
    ['the page reports no selection', ''],
  ])('falls back to the menu’s selection text when %s', async (_, read) => {
    const request = await requestFromMenu(
      { menuItemId: MENU_IDS.selection, selectionText: 'hunter2' },
      tab,
      reads(read),
    );
    expect(request).toEqual({ kind: 'text', payload: 'hunter2', name: 'Selection · example.com' });
  });

  it('has nothing to push for a blank selection', async () => {
    expect(
      await requestFromMenu({ menuItemId: MENU_IDS.selection, selectionText: '  ' }, tab, reads('   ')),
    ).toBeNull();
  });

  it.each([
    [
      { menuItemId: MENU_IDS.link, linkUrl: 'https://example.com/x' },
      { kind: 'url', payload: 'https://example.com/x', name: 'Link · example.com' },
    ],
    [
      { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/p' },
      { kind: 'url', payload: 'https://example.com/p', name: 'Page · example.com' },
    ],
    [
      { menuItemId: MENU_IDS.page },
      { kind: 'url', payload: 'https://example.com/page', name: 'Page · example.com' },
    ],
    [
      { menuItemId: MENU_IDS.image, srcUrl: 'https://cdn.example.com/i.png' },
      {
        kind: 'image',
        src: 'https://cdn.example.com/i.png',
        pageUrl: 'https://example.com/page',
        name: 'Image · cdn.example.com',
      },
    ],
    [{ menuItemId: 'someone-else' }, null],
  ])('%o → %o', async (info, expected) => {
    expect(await requestFromMenu(info, tab, reads(undefined))).toEqual(expected);
  });
});

describe('a quick push is named after its source, never its secret', () => {
  it.each([
    [
      selectionName({ title: 'Office runbook', pageUrl: 'https://wiki.example/runbook' }),
      'Selection · Office runbook',
    ],
    [
      selectionName({ title: '  ', pageUrl: 'https://wiki.example/runbook?id=7' }),
      'Selection · wiki.example',
    ],
    [selectionName({}), 'Selection'],
    [pageName({ title: 'Office runbook' }), 'Page · Office runbook'],
    [linkName('https://github.com/org/repo/pull/1?token=abc'), 'Link · github.com'],
    [linkName('mailto:sam@example.com'), 'Link'],
    [imageName('https://example.com/cat.png'), 'Image · example.com'],
    [imageName('data:image/png;base64,AAAA', 'https://photos.example/album'), 'Image · photos.example'],
    [
      selectionName({ title: 'A very long page title that goes on and on well past the sixty characters' }),
      'Selection · A very long page title that goes on and on well past the six…',
    ],
  ])('%s', (name, expected) => {
    expect(name).toBe(expected);
  });

  it('names two selections from two pages apart, and the name holds nothing of the text', async () => {
    const read = async () => 'correct horse battery staple';
    const click = { menuItemId: MENU_IDS.selection };
    const one = await requestFromMenu(
      click,
      { id: 1, url: 'https://a.example/', title: 'Office runbook' },
      read,
    );
    const two = await requestFromMenu(click, { id: 2, url: 'https://b.example/', title: 'VPN setup' }, read);
    expect(one).toEqual({
      kind: 'text',
      payload: 'correct horse battery staple',
      name: 'Selection · Office runbook',
    });
    expect(two?.name).toBe('Selection · VPN setup');
  });
});
