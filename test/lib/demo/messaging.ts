import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * Makes fakeBrowser's runtime messaging behave like the browsers' own `browser` (Firefox, Chromium 156):
 * the message and the reply go through a JSON round trip (so anything that is not
 * JSON-safe breaks the test), the listeners see a real sender, a listener answers by returning a promise of
 * its reply (or `true` and a later sendResponse), and a message nobody answers rejects as Chrome's does.
 * fakeBrowser's trigger awaits what each listener returned, so a settled value other than undefined or false
 * (no answer) and true (sendResponse follows) is a returned promise's reply.
 */
export function chromeLikeMessaging(sender: () => { id?: string; url?: string }): void {
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (message: unknown) => {
    const cloned: unknown = JSON.parse(JSON.stringify(message));
    let respond!: (reply: unknown) => void;
    const sent = new Promise<unknown>((resolve) => {
      respond = resolve;
    });
    const results = (await fakeBrowser.runtime.onMessage.trigger(cloned, sender(), respond)) as unknown[];
    const answer = results.find((result) => result !== undefined && result !== false);
    if (answer === undefined)
      throw new Error('Could not establish connection. Receiving end does not exist.');
    return JSON.parse(JSON.stringify(answer === true ? await sent : answer)) as unknown;
  }) as never);
}

export const pageSender = (path = '/viewer.html') => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL(path as '/'),
});
