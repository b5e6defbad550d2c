/**
 * A create abandoned while the server holds it (the person closes the popup), then one that fails because
 * the server is gone: their values were in the form and in a request, nowhere else.
 */
import { expect } from 'vitest';
import type { ExtensionBrowser } from '../browsers';
import { ALICE, openPopup, press, useServer, waitForAlert, waitForText } from '../steps';
import { fill, valueOf } from './form';
import { startThrottle } from '../throttle';

/** Returns the secrets typed into both forms. */
export async function cancelledAndFailed(browser: ExtensionBrowser, hostUrl: string): Promise<string[]> {
  // Creates are held without an answer; once the proxy is closed, the next create fails: nothing listens.
  const holding = await startThrottle(hostUrl, Infinity, (request) => {
    const create = request.method === 'POST' && request.url!.startsWith('/api/v2/pushes');
    if (create) request.resume(); // read the body, never answer
    return create;
  });
  const cancelled = { payload: 'zq-cancel-payload-4a61', passphrase: 'zq-cancel-passphrase-b7e3' };
  const failed = { payload: 'zq-failed-payload-0d95', passphrase: 'zq-failed-passphrase-6f2a' };
  try {
    await useServer(browser, holding.url, ALICE.token);
    const abandoned = await openPopup(browser);
    await fill(abandoned, 'Secret', cancelled.payload);
    await fill(abandoned, 'Passphrase', cancelled.passphrase);
    await press(abandoned, 'Create push');
    await waitForText(abandoned, 'Sending…');
    await abandoned.close();

    await holding.close();
    const popup = await openPopup(browser);
    await fill(popup, 'Secret', failed.payload);
    await fill(popup, 'Passphrase', failed.passphrase);
    await press(popup, 'Create push');
    await waitForAlert(popup, 'could not be reached');
    expect(await valueOf(popup, 'Secret')).toBe(failed.payload);
    await popup.close();
  } finally {
    await holding.close();
    await useServer(browser, hostUrl, ALICE.token);
  }
  return [cancelled.payload, cancelled.passphrase, failed.payload, failed.passphrase];
}
