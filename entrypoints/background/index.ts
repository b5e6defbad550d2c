import { listenForMessages } from '@/lib/messages/runtime';
import { handleDemoFetchMessage, routeDemoRequest } from '@/lib/demo/router';
import { setLocalDemoRoute } from '@/lib/demo/transport';
import { ensureDemoToken } from '@/lib/demo/token';

export default defineBackground(() => {
  // Runs on every worker start, so nothing here depends on state from an earlier life of the worker.
  setLocalDemoRoute((request) => routeDemoRequest(request));
  listenForMessages({
    ping: async () => ({ ok: true, version: browser.runtime.getManifest().version }),
    'demo-fetch': (data, sender) => handleDemoFetchMessage(data, sender),
  });
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    // The demo user's token exists from the first moment, before any page asks for it.
    ensureDemoToken().catch((error: unknown) => console.error('Could not create the demo token', error));
  });
});
