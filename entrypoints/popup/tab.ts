/**
 * The address of the tab the popup was opened over. activeTab grants its URL when the toolbar button is
 * clicked; pages that are not on the web (settings, new tab, the extension's own pages) have none to share.
 */
export async function activeTabUrl(): Promise<string | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  const url = tab?.url;
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}
