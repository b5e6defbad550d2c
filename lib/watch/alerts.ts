/**
 * Notifications of failed attempts (a wrong passphrase, a try at an expired push): on by default, with a
 * setting of their own apart from the notifications of views and expiries (issue 19). Kept with plain
 * storage reads, so the dashboard that toggles it loads no store library (issue 13).
 *
 * For the integrator of issue 18 (one settings model): this belongs with the other watch settings in
 * lib/store/items.ts and on the options page; the key and its fallback are the contract.
 */
export const FAILED_ALERTS_KEY = 'watchFailedAttemptAlerts';

/** Whether failed attempts raise a notification (default: yes). */
export async function failedAlertsOn(): Promise<boolean> {
  // eslint-disable-next-line no-restricted-syntax -- lib/store is issue 18's; this item moves into items.ts
  const stored = (await browser.storage.local.get(FAILED_ALERTS_KEY))[FAILED_ALERTS_KEY];
  return typeof stored === 'boolean' ? stored : true;
}

/** Turns the notifications of failed attempts on or off. */
export async function setFailedAlerts(on: boolean): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- lib/store is issue 18's; this item moves into items.ts
  await browser.storage.local.set({ [FAILED_ALERTS_KEY]: on });
}
