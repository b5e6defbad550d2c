/**
 * The address of the tab the popup was opened over. activeTab grants its URL when the toolbar button is
 * clicked; pages that are not on the web (settings, new tab, the extension's own pages) have none to share.
 * The popup page opened in a tab of its own (tabs.getCurrent answers only there) was opened over the tab
 * that opened it: its opener, whose URL the browser gives only where the extension may read it already.
 */
export async function activeTabUrl(): Promise<string | undefined> {
  const self = await browser.tabs.getCurrent();
  const tab = self
    ? self.openerTabId === undefined
      ? undefined
      : await browser.tabs.get(self.openerTabId)
    : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  const url = tab?.url;
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}
