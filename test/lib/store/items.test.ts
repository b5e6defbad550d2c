import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storedItem } from '@/lib/store/item';
import { watchSettingsItem, watchStartedItem } from '@/lib/store/items';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('storedItem', () => {
  it('reads its value once per getValue, and nothing on being defined or watched (issue 22)', async () => {
    const gets = vi.spyOn(fakeBrowser.storage.session, 'get');
    const item = storedItem<boolean>('session:storeTestFlag', { fallback: false });
    const stop = item.watch(() => undefined);
    // @wxt-dev/storage's defineItem read the value as soon as the item was defined (and watched).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gets).not.toHaveBeenCalled();
    expect(await item.getValue()).toBe(false);
    expect(gets).toHaveBeenCalledTimes(1);
    stop();
  });

  it("the watcher's startup mark costs one read on a wake, and its settings none until asked", async () => {
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    const stop = watchSettingsItem.watch(() => undefined);
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
});
