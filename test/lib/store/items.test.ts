import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storedItem } from '@/lib/storage';
import { followSettings } from '@/lib/settings';
import { watchStartedItem } from '@/lib/store/items';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('storedItem', () => {
  it('reads its value once per getValue, and nothing on being defined or watched (issue 22)', async () => {
    const gets = vi.spyOn(fakeBrowser.storage.session, 'get');
    const item = storedItem<boolean>('session:storeTestFlag', { fallback: false });
    const stop = item.watch(() => undefined);
    // @wxt-dev/storage's defineItem, once used here, read the value as soon as the item was defined.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gets).not.toHaveBeenCalled();
    expect(await item.getValue()).toBe(false);
    expect(gets).toHaveBeenCalledTimes(1);
    stop();
  });

  it("the watcher's startup mark costs one read on a wake, and its settings none until asked", async () => {
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    const stop = followSettings(() => undefined, { part: 'watch' });
    expect(await watchStartedItem.getValue()).toBe(false);
    expect(session).toHaveBeenCalledTimes(1);
    expect(local).not.toHaveBeenCalled();
    stop();
  });

  it('keeps, follows and removes its value, with the fallback where there is none', async () => {
    const item = storedItem<number>('local:storeTestCount', { fallback: 7 });
    const seen: [number, number][] = [];
    const stop = item.watch((value, old) => seen.push([value, old]));
    await item.setValue(3);
    expect(await item.getValue()).toBe(3);
    expect(await fakeBrowser.storage.local.get('storeTestCount')).toEqual({ storeTestCount: 3 });
    await item.removeValue();
    expect(await item.getValue()).toBe(7);
    expect(seen).toEqual([
      [3, 7],
      [7, 3],
    ]);
    stop();
  });

  it('hears a change of its own key in its own area only, and of value only; stops hearing when unwatched', async () => {
    const item = storedItem<{ n: number }>('session:storeTestBox', { fallback: { n: 0 } });
    const seen: unknown[] = [];
    const stop = item.watch((value, old) => seen.push([value, old]));
    await fakeBrowser.storage.local.set({ storeTestBox: { n: 9 } }); // the same name in another area
    await fakeBrowser.storage.session.set({ storeTestOther: 1 });
    await item.setValue({ n: 1 });
    await item.setValue({ n: 1 }); // written again, unchanged
    await item.setValue({ n: 2 });
    stop();
    await item.setValue({ n: 3 });
    expect(seen).toEqual([
      [{ n: 1 }, { n: 0 }],
      [{ n: 2 }, { n: 1 }],
    ]);
  });

  it('reads a stored null, or a value of nothing written, as its fallback', async () => {
    const item = storedItem<string | undefined>('local:storeTestText', { fallback: 'none' });
    await fakeBrowser.storage.local.set({ storeTestText: null });
    expect(await item.getValue()).toBe('none');
    await item.setValue('kept');
    await item.setValue(undefined);
    expect(await item.getValue()).toBe('none');
  });
});
