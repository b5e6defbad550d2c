import { listenForMessages } from '@/lib/messages/runtime';

export default defineBackground(() => {
  listenForMessages({
    ping: async () => ({ ok: true, version: browser.runtime.getManifest().version }),
  });
});
