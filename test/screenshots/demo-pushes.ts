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

/** The same pushes as a person working in that language would name them (the store shows each language). */
export const DEMO_PUSHES_IN: Readonly<Record<string, readonly DemoPush[]>> = {
  en: DEMO_PUSHES,
  de: [
    { name: 'Gäste-WLAN', secret: 'correct-horse-battery-staple', views: 10 },
    {
      name: 'VPN-Wiederherstellungscodes',
      secret: '4F9K-22QX-7HND',
      views: 2,
      passphrase: 'tulip-orbit-canyon',
    },
    { name: 'Neu im Team: Sam', secret: 'Willkommen2026!', views: 3 },
  ],
  ar: [
    { name: 'شبكة الضيوف', secret: 'correct-horse-battery-staple', views: 10 },
    { name: 'رموز استرداد VPN', secret: '4F9K-22QX-7HND', views: 2, passphrase: 'tulip-orbit-canyon' },
    { name: 'موظف جديد: سامي', secret: 'Welcome2026!', views: 3 },
  ],
};

/**
 * Creates each push in a fresh popup and returns the last popup, still showing its result. The popup takes
 * `scheme`, so the last one can be photographed as it is.
 */
/**
 * The popup's empty form once its settings are read: it shows the last push's result again (the hand-off)
 * until New push, the first button at the result's end, pressed here as a person would.
 */
export async function freshForm(popup: Page): Promise<void> {
  await popup.locator('main > p.help[aria-busy="true"]').waitFor({ state: 'detached' });
  await popup.locator('#sp-secret, #sp-link').first().waitFor();
  if (await popup.locator('#sp-link').count()) await popup.locator('.sp-result-end button').first().click();
  await popup.locator('#sp-secret').waitFor();
}

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
    // By the fields' ids, not their labels: the same steps serve every UI language.
    await freshForm(popup);
    await popup.locator('#sp-secret').fill(push.secret);
    await popup.locator('#sp-views').fill(String(push.views));
    if (push.passphrase) await popup.locator('#sp-passphrase').fill(push.passphrase);
    await popup.locator('form summary').click();
    await popup.locator('#sp-name').fill(push.name);
    await popup.locator('form button[type="submit"]').click();
    await popup.locator('#sp-link').waitFor();
  }
  if (!popup) throw new Error('no push to make');
  return popup;
}
