/**
 * Quick pushes that read a web page: a selection read by the keyboard shortcut, and an image the extension
 * fetches from the menu's "Push this image", both on a small site of the test's own.
 */
import { MENU_IDS } from '@/lib/quick-push/menus';
import type { ExtensionBrowser, JourneyPage } from '../browsers';
import { serve } from '../throttle';
import type { Made } from './form';
import { menu, pushed, shortcut } from './quick';

/** A 2×2 PNG (red, green, blue, white): bytes that must come back exactly, and an image browsers show. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A page with a secret in #secret (a <pre>: a multi-line one keeps its line breaks), and an image (#img,
 * /img.png) whose bytes are given: a secret, or a real PNG.
 */
export function startSite(text: string, imageBytes: string | Buffer) {
  return serve((request, response) => {
    const html = `<!doctype html><title>Notes</title><pre id="secret">${text}</pre><img id="img" src="/img.png" alt="cat">`;
    if (request.url === '/img.png') response.writeHead(200, { 'content-type': 'image/png' }).end(imageBytes);
    else response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    return true;
  });
}

/** Selects the secret on the site's page, as a person would before right-clicking or pressing the shortcut. */
export const selectSecret = (page: JourneyPage) =>
  page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('secret')!));

/** The id of the tab showing `url`. Firefox's tabs.query({ url }) misses loopback patterns: all, filtered. */
export function tabIdOf(browser: ExtensionBrowser, url: string): Promise<number> {
  return browser.background(
    async (g, url) => (await g.chrome.tabs.query({})).find((tab) => tab.url?.startsWith(url))!.id!,
    url,
  );
}

/** The shortcut on a page whose text is selected, and "Push this image" on that page's image. */
export async function pagePushes(browser: ExtensionBrowser): Promise<Made> {
  const shortcutText = 'zq-quick-shortcut-2f6b';
  const imageBytes = 'zq-quick-image-71d4';
  const site = await startSite(shortcutText, imageBytes);
  try {
    const page = await browser.web(`${site.url}/notes.html`);
    await selectSecret(page);
    const tabId = await tabIdOf(browser, site.url);
    const urlTokens = [
      pushed(await shortcut(browser, tabId)),
      pushed(await menu(browser, { menuItemId: MENU_IDS.image, srcUrl: `${site.url}/img.png` }, tabId)),
    ];
    await page.close();
    return { secrets: [shortcutText, imageBytes], urlTokens };
  } finally {
    await site.close();
  }
}
