import { expect, test } from './fixtures';

test('the popup opens and renders its secret field', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(page.getByRole('heading', { name: 'Secret Push' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Secret' }).fill('typed');
  await expect(page.getByRole('textbox', { name: 'Secret' })).toHaveValue('typed');
});

test('the background worker answers a message from an extension page', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  // A real message every page may send (lib/demo/messages.ts): the worker answers with the demo token.
  const reply = await page.evaluate(() =>
    chrome.runtime.sendMessage({ channel: 'secret-push', type: 'demo-token', data: undefined }),
  );
  expect(reply).toEqual({ res: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
});
