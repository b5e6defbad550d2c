/** The demo pushes a store screenshot shows, made in the popup as a person would. */
import type { BrowserContext, Page } from '@playwright/test';

export type Scheme = 'light' | 'dark';

export interface DemoPush {
  name: string;
  secret: string;
  views: number;
  passphrase?: string;
}

/** Believable, and none of them a real secret; few enough that the popup's result shows whole. */
export const DEMO_PUSHES: readonly DemoPush[] = [
  { name: 'Guest Wi-Fi', secret: 'correct-horse-battery-staple', views: 10 },
  { name: 'VPN recovery codes', secret: '4F9K-22QX-7HND', views: 2, passphrase: 'tulip-orbit-canyon' },
  { name: 'New starter: Sam', secret: 'Welcome2026!', views: 3 },
];

/**
 * Creates each push in a fresh popup and returns the last popup, still showing its result. The popup takes
 * `scheme`, so the last one can be photographed as it is.
 */
export async function makeDemoPushes(
  context: BrowserContext,
  base: string,
  scheme: Scheme,
  pushes: readonly DemoPush[],
): Promise<Page> {
  let popup: Page | undefined;
  for (const push of pushes) {
    await popup?.close();
    popup = await context.newPage();
    await popup.emulateMedia({ colorScheme: scheme });
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(`${base}/popup.html`);
    await popup.getByLabel('Secret', { exact: true }).fill(push.secret);
    await popup.getByLabel('Views', { exact: true }).fill(String(push.views));
    if (push.passphrase) await popup.getByLabel('Passphrase', { exact: true }).fill(push.passphrase);
    await popup.getByText('More options').click();
    await popup.getByLabel('Name', { exact: true }).fill(push.name);
    await popup.getByRole('button', { name: 'Create push' }).click();
    await popup.getByRole('textbox', { name: 'Secret link' }).waitFor();
  }
  if (!popup) throw new Error('no push to make');
  return popup;
}
