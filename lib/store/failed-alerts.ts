/**
 * Notifications of failed attempts (a wrong passphrase, a try at an expired push): on by default, with a
 * setting of their own apart from the notifications of views and expiries (issue 19). Kept with plain
 * storage reads, so the dashboard that toggles it (beside Recent activity) loads no storage library (issue 13).
 */
export const FAILED_ALERTS_KEY = 'watchFailedAttemptAlerts';

/** Whether failed attempts raise a notification (default: yes). */
export async function failedAlertsOn(): Promise<boolean> {
  const stored = (await browser.storage.local.get(FAILED_ALERTS_KEY))[FAILED_ALERTS_KEY];
  return typeof stored === 'boolean' ? stored : true;
}

/** Turns the notifications of failed attempts on or off. */
export async function setFailedAlerts(on: boolean): Promise<void> {
  await browser.storage.local.set({ [FAILED_ALERTS_KEY]: on });
}
