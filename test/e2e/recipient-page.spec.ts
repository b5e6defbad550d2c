/**
 * The recipient's page of the mock service in a plain Chromium (no extension), for QR pushes, which the popup
 * makes too long for a code only with the API: what a person who got the link sees, checked against the
 * service's API with the owner's token. The retrieval step, the passphrase form, file downloads and Delete
 * are met on pushes made in the popup (popup-create.spec.ts).
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process.
import 'fake-indexeddb/auto';
import { expect, test } from '@playwright/test';
import { startMockHost } from '../../lib/mock/host/server';
import { ALICE, ownerClient } from '../browser-steps';
import { CHROMIUM, CHROMIUM_ARGS } from './fixtures';

// Playwright's own browser and page fixtures, in the machine's Chromium.
test.use({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } });

test('a qr push shows the code as an svg; one too long for a QR code shows its text with a note, using its one view once', async ({
  page,
}) => {
  const host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  const owner = ownerClient(host.baseUrl);
  /** Creates the push, opens its link as the recipient does and presses Reveal secret. */
  const revealed = async (payload: string, views?: number) => {
    const { push } = await owner.createPush({ kind: 'qr', payload, expire_after_views: views });
    await page.goto(push.html_url);
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    return push.url_token;
  };
  try {
    await revealed('WIFI:S:guest;T:WPA;P:letmein;;');
    const qr = page.getByRole('img', { name: 'QR code' });
    await expect(qr.locator('svg')).toBeVisible();
    expect((await qr.locator('svg').boundingBox())?.width).toBeGreaterThan(50);

    const payload = '😀'.repeat(1024);
    const urlToken = await revealed(payload, 1);
    await expect(page.getByLabel('Secret')).toHaveText(payload);
    await expect(page.getByRole('note')).toContainText('too long to draw as a QR code');
    await expect(page.getByRole('img', { name: 'QR code' })).toHaveCount(0);
    expect((await owner.auditAll(urlToken)).map((entry) => entry.kind)).toEqual(['creation', 'view']);
  } finally {
    await host.close();
  }
});
