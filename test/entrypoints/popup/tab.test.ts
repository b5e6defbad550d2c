import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { activeTabUrl } from '@/entrypoints/popup/tab';
import type { Tabs } from 'webextension-polyfill';

// The fake browser has no focused window to answer { currentWindow: true }, so the query is scripted; what
// is tested is which tab is asked for and what is made of its address.
function activeTab(url: string | undefined) {
  const tabs = [{ url }] as Tabs.Tab[];
  // query is overloaded (callback and promise forms); the promise form is the one used.
  return vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation((() => Promise.resolve(tabs)) as never);
}

describe('activeTabUrl', () => {
  it('gives the web address of the active tab of the current window', async () => {
    const query = activeTab('https://intranet.example/page?q=1');
    expect(await activeTabUrl()).toBe('https://intranet.example/page?q=1');
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
  });

  it.each(['chrome://settings/', 'chrome-extension://abc/popup.html', undefined])(
    'gives nothing for %s (not on the web, or not granted)',
    async (url) => {
      activeTab(url);
      expect(await activeTabUrl()).toBeUndefined();
    },
  );

  describe('in a tab of its own (the popup page opened with tabs.create)', () => {
    /** The popup page's own tab, opened by `opener` (a tab id) or by nothing. */
    const self = (openerTabId?: number) =>
      vi.spyOn(fakeBrowser.tabs, 'getCurrent').mockResolvedValue({
        id: 99,
        index: 0,
        url: 'chrome-extension://abc/popup.html',
        openerTabId,
      } as never);

    it('gives the address of the web page that opened it, not its own or the window’s active tab', async () => {
      const page = await fakeBrowser.tabs.create({ url: 'http://127.0.0.1:4000/notes.html?week=48' });
      self(page.id);
      const query = activeTab('https://elsewhere.example/');
      expect(await activeTabUrl()).toBe('http://127.0.0.1:4000/notes.html?week=48');
      expect(query).not.toHaveBeenCalled();
    });

    it('gives nothing when nothing opened it', async () => {
      self(undefined);
      activeTab('https://elsewhere.example/');
      expect(await activeTabUrl()).toBeUndefined();
    });
  });
});
