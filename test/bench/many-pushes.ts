/**
 * Many pushes on a Node host, tracked by the extension as it tracks its own: created through the API (as
 * the user's other devices would), then read into the watcher's IndexedDB cache by the dashboard's Refresh.
 * Used by `npm run bench` (the dashboard journey at scale, test/journeys/watch.journey.ts, makes its own
 * pushes through the same API client).
 */
import type { Page } from '@playwright/test';
import { createApiClient } from '../../lib/api';

const NAMES = ['Door code', 'Wi-Fi guest', 'Bank login', 'VPN key', 'Server root', 'Mail password'];

/** Creates `count` pushes of varied names, views and expiry (every 7th with a passphrase); their url_tokens. */
export async function createPushes(baseUrl: string, token: string, count: number): Promise<string[]> {
  const client = createApiClient({ baseUrl, token });
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const { push } = await client.createPush({
      payload: `secret ${i}`,
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      note: i % 3 === 0 ? `for team ${i % 4}` : '',
      expire_after_views: 1 + (i % 5),
      expire_after_days: 1 + (i % 7),
      passphrase: i % 7 === 0 ? `pass ${i}` : undefined,
    });
    tokens.push(push.url_token);
  }
  return tokens;
}

/** The dashboard's rows of pushes. */
export const PUSH_ROWS = 'ul[aria-label="Pushes"] > li';

/**
 * Presses the dashboard's Refresh and waits until it lists `count` pushes: its rows say they are of `count`
 * (aria-setsize: a long list renders only the rows on screen, issue 19).
 */
export async function refreshUntilListed(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.waitForFunction(
    ([selector, count]) => document.querySelector(selector)?.getAttribute('aria-setsize') === String(count),
    [PUSH_ROWS, count] as const,
    { timeout: 120_000 },
  );
}
