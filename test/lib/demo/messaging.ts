import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * Makes fakeBrowser's runtime messaging behave like Chrome's: the message and the reply go through a JSON
 * round trip (so anything that is not JSON-safe breaks the test), the listeners see a real sender, and a
 * message nobody answers rejects as Chrome's does.
 */
export function chromeLikeMessaging(sender: () => { id?: string; url?: string }): void {
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (message: unknown) => {
    const cloned: unknown = JSON.parse(JSON.stringify(message));
    let respond!: (reply: unknown) => void;
    const reply = new Promise<unknown>((resolve) => {
      respond = resolve;
    });
    const results = await fakeBrowser.runtime.onMessage.trigger(cloned, sender(), respond);
    if (!(results as unknown[]).some((result) => result === true))
      throw new Error('Could not establish connection. Receiving end does not exist.');
    return JSON.parse(JSON.stringify(await reply)) as unknown;
  }) as never);
}

export const pageSender = (path = '/viewer.html') => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL(path as '/'),
});
