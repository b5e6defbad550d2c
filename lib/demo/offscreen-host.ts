/**
 * The offscreen document's side (Chrome): answers the background's demo-host messages with a demo host.
 * Each document builds its own host; the data is in IndexedDB, so a reopened document carries on.
 */
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { createDemoHost, viewerPageUrl, type DemoHostOptions } from './host';
import { VIEWER_PATH } from './constants';
import { demoHostMessages } from './messages';

/** Starts serving; returns a function that stops (for tests: a closed document stops by itself). */
export function serveDemoInOffscreen(options: Partial<DemoHostOptions> = {}): () => void {
  const host = createDemoHost({ pageUrl: viewerPageUrl(browser.runtime.getURL(VIEWER_PATH)), ...options });
  return listenForMessages([
    handle(demoHostMessages.fetch, ({ request, token }) => host.handle(request, token)),
    handle(demoHostMessages.pageInfo, ({ url_token }) => host.pageInfo(url_token)),
  ]);
}
