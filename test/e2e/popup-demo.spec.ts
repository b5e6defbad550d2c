/**
 * A fresh install runs on the built-in demo service: the popup shows the demo banner, creates a text push
 * and a file push (the demo user has a token), and the links open in the extension's viewer.
 */
import { expect, test } from './fixtures';
import { createdLink, openPopup } from './popup-support';

test('the popup creates demo pushes that open in the viewer', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  // The background creates the demo token on install; the popup needs it for files.
  await expect
    .poll(() => serviceWorker.evaluate(async () => (await chrome.storage.local.get('demoToken')).demoToken))
    .toBeTruthy();
  const page = await openPopup(context, extensionId);
  await expect(page.getByText('Demo: links open only in this browser.')).toBeVisible();

  await page.getByLabel('Secret', { exact: true }).fill('demo secret 3141');
  await page.getByLabel('Passphrase', { exact: true }).fill('demo-pass');
  await page.getByRole('button', { name: 'Create push' }).click();
  const { link } = await createdLink(page);
  expect(link.startsWith(`chrome-extension://${extensionId}/viewer.html#/p/`)).toBe(true);
  await expect(page.getByRole('region', { name: 'Recent pushes' }).getByRole('listitem')).toHaveCount(1);

  const viewer = await context.newPage();
  await viewer.goto(link);
  await viewer.getByRole('button', { name: 'Reveal secret' }).click();
  await viewer.getByRole('textbox', { name: 'Passphrase' }).fill('demo-pass');
  await viewer.getByRole('button', { name: 'Unlock' }).click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('demo secret 3141');

  // Files work in demo mode too: the progress is reported once the demo service has answered.
  await page.getByRole('button', { name: 'New push' }).click();
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page.getByText(/needs an API token/)).toHaveCount(0);
  await page
    .getByRole('button', { name: 'Files', exact: true })
    .setInputFiles([{ name: 'demo.txt', mimeType: 'text/plain', buffer: Buffer.from('demo file body') }]);
  await page.getByRole('button', { name: 'Create push' }).click();
  const file = await createdLink(page);
  expect(file.link).not.toBe(link);
  await expect(page.getByRole('region', { name: 'Recent pushes' }).getByRole('listitem')).toHaveCount(2);
});
