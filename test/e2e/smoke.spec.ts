import { expect, test } from './fixtures';

test('the popup opens and renders its secret field', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(page.getByRole('heading', { name: 'Secret Push' })).toBeVisible();
  await page.getByLabel('Secret').fill('typed');
  await expect(page.getByLabel('Secret')).toHaveValue('typed');
});

test('the background worker answers a message from an extension page', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const reply = await page.evaluate(() =>
    chrome.runtime.sendMessage({ channel: 'secret-push', type: 'ping', data: undefined }),
  );
  expect(reply).toEqual({ res: { ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) } });
});
