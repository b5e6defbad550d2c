import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { copyOnCreateItem } from '@/lib/store/items';

beforeEach(() => fakeBrowser.reset());

describe('copyOnCreateItem', () => {
  it('is on for a fresh install', async () => {
    expect(await copyOnCreateItem.getValue()).toBe(true);
  });

  it('keeps the choice to turn it off', async () => {
    await copyOnCreateItem.setValue(false);
    expect(await copyOnCreateItem.getValue()).toBe(false);
  });
});
