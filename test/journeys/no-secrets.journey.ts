/**
 * No payload or passphrase is ever kept: every journey (each popup kind, a Wi-Fi QR, a 422, a create
 * abandoned and one failed, every quick push, again in demo mode) with distinctive secrets, then all the
 * extension stores (each storage area, every IndexedDB database but the demo service's own, localStorage and
 * Cache Storage) searched for them.
 */
import { expect, it } from 'vitest';
import { forEachBrowser } from './browsers';
import { ALICE, demoReady, openPopup, useMockHost, useServer, waitForText } from './steps';
import { cancelledAndFailed } from './secrets/cancelled';
import { dumpIndexedDb, dumpStorage, dumpWebStorage } from './secrets/dump';
import { addTo, type Made } from './secrets/form';
import { popupCreates } from './secrets/popup-creates';
import { menuPushes } from './secrets/quick';
import { failQuickPush, RETRY_IN, retryFailed } from './secrets/retry';
import { pagePushes } from './secrets/site';

forEachBrowser('no secrets at rest', (name, browser) => {
  const host = useMockHost();

  it(`keeps payloads and passphrases out of every storage area (local, session, sync), database and web storage; ${RETRY_IN[name]}`, async () => {
    /** Every payload and passphrase used; each must be absent from the dumps. */
    const made: Made = { secrets: [], urlTokens: [] };
    // Against the mock host: popup creates, quick pushes, an abandoned create and a failed one.
    await useServer(browser(), host().baseUrl, ALICE.token);
    // First: they move to another server and back, and leaving a server erases the pushes cached for it.
    made.secrets.push(...(await cancelledAndFailed(browser(), host().baseUrl)));
    const failed = await failQuickPush(browser(), host().baseUrl);
    made.secrets.push(failed.secret);
    const popup = await openPopup(browser());
    addTo(made, await popupCreates(popup, 'srv'));
    // A person's next step would be to close it; the form must not have been saved.
    await popup.close();
    addTo(made, await menuPushes(browser(), 'srv'));
    addTo(made, await pagePushes(browser()));
    made.urlTokens.push(...(await retryFailed(browser(), failed)));

    // The same in demo mode, where the demo service's own database is the one place allowed to hold them.
    await demoReady(browser());
    await browser().background((g) => g.chrome.storage.local.set({ demoMode: true }));
    const demo = await openPopup(browser());
    await waitForText(demo, 'Demo: links open only in this browser.');
    addTo(made, await popupCreates(demo, 'demo'));
    addTo(made, await menuPushes(browser(), 'demo'));
    await demo.close();

    const storage = await dumpStorage(browser());
    const page = await openPopup(browser());
    const databases = await dumpIndexedDb(page);
    const webStorage = await dumpWebStorage(page);
    await page.close();

    // The dumps are real: every area is there, the watcher's database holds the created pushes (by
    // url_token, without secrets), and the demo service's database exists (left out of the dump on purpose).
    expect(storage.areas).toEqual(['local', 'session', 'sync']);
    expect(databases.names).toContain('secret-push');
    expect(databases.all).toContain('secret-push-mock');
    // 5 from each popup, 6 quick pushes on the server (5 in Firefox: no "Try again") and 3 in demo mode.
    expect(new Set(made.urlTokens).size).toBe(name === 'chromium' ? 19 : 18);
    for (const urlToken of made.urlTokens) expect(databases.text).toContain(urlToken);
    expect(storage.text).toContain(host().baseUrl);

    for (const secret of made.secrets) {
      expect(storage.text, `storage holds ${secret} in ${name}`).not.toContain(secret);
      expect(databases.text, `IndexedDB holds ${secret} in ${name}`).not.toContain(secret);
      expect(webStorage, `localStorage or Cache Storage holds ${secret} in ${name}`).not.toContain(secret);
    }
  }, 180_000);
});
