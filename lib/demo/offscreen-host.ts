/**
 * The offscreen document's side (Chrome): serves the background's demo-fetch messages with a demo host.
 * Each document builds its own host; the data is in IndexedDB, so a reopened document carries on.
 */
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { CHANNELS, listenForMessages, type OffscreenProtocol } from '@/lib/messages/runtime';
import { isOwnExtensionSender } from '@/lib/messages/sender';
import { wireRequestSchema } from '@/lib/messages/wire';
import { createDemoHost, viewerPageUrl, type DemoHostOptions } from './host';
import { VIEWER_PATH } from './constants';
import { demoPageInfoRequestSchema } from './page-info';

const offscreenFetchMessage = z.object({ request: wireRequestSchema, token: z.string().min(1) });

/** Starts serving; returns a function that stops (for tests: a closed document stops by itself). */
export function serveDemoInOffscreen(options: Partial<DemoHostOptions> = {}): () => void {
  const host = createDemoHost({ pageUrl: viewerPageUrl(browser.runtime.getURL(VIEWER_PATH)), ...options });
  return listenForMessages<OffscreenProtocol>(
    {
      'demo-fetch': async (data, sender) => {
        if (!isOwnExtensionSender(sender)) throw new AppError('forbidden', 'Not a Secret Push context.');
        const parsed = offscreenFetchMessage.safeParse(data);
        if (!parsed.success) throw new AppError('bad-request', 'The demo request was malformed.');
        return host.handle(parsed.data.request, parsed.data.token);
      },
      'demo-page-info': async (data, sender) => {
        if (!isOwnExtensionSender(sender)) throw new AppError('forbidden', 'Not a Secret Push context.');
        const parsed = demoPageInfoRequestSchema.safeParse(data);
        if (!parsed.success) throw new AppError('bad-request', 'The demo request was malformed.');
        return host.pageInfo(parsed.data.url_token);
      },
    },
    { channel: CHANNELS.offscreen },
  );
}
