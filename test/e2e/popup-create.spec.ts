/**
 * The popup as a person uses it, against a Node host the extension is pointed at: each kind typed and
 * created, then read back on the server through the API. Needs a build made with SECRET_PUSH_E2E=1 (the
 * loopback host is granted at install).
 */
import fs from 'node:fs';
import { E2E_CLEAR_MS_PER_SECOND } from '../../lib/clipboard/delay';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { expect, readClipboard, test } from './fixtures';
import {
  ALICE,
  countCreates,
  createdLink,
  openMoreOptions,
  openPopup,
  ownerClient,
  recipientPage,
  refreshWatcher,
  useServer,
} from './popup-support';

let host: MockHost;

test.beforeEach(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
});
test.afterEach(async () => {
  await host.close();
});

test('a text push with a passphrase, views, expiry and a name', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  const creates = countCreates(page);

  await page.getByLabel('Secret', { exact: true }).fill('text secret 7f3a');
  await page.getByLabel('Expiry').selectOption({ label: '3 days' });
  await page.getByLabel('Views').fill('3');
  await page.getByLabel('Passphrase', { exact: true }).fill('open sesame 42');
  await openMoreOptions(page);
  await page.getByLabel('Name').fill('Wiki admin');
  await page.getByRole('button', { name: 'Create push' }).click();

  const { urlToken } = await createdLink(page);
  await expect(page.getByText('Expires in 3 days or after 3 views, whichever comes first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy passphrase' })).toBeVisible();
  expect(creates()).toBe(1);

  // The recent list shows the new push by its name (never its secret), with views and time left once the
  // watcher has asked the server.
  const recent = page.getByRole('region', { name: 'Recent pushes' });
  await expect(recent.getByText('Wiki admin')).toBeVisible();
  await refreshWatcher(page);
  // One unit, as people say it (issue 20): 2 days 23 hours and some seconds read "3 days".
  await expect(recent.getByText(/^3 of 3 views left · 3 days left$/)).toBeVisible();
  await expect(recent.getByText('text secret 7f3a')).toHaveCount(0);

  const client = ownerClient(host.baseUrl);
  await expect(client.retrievePush(urlToken)).rejects.toMatchObject({ code: 'passphrase-required' });
  const push = await client.retrievePush(urlToken, { passphrase: 'open sesame 42' });
  expect(push.payload).toBe('text secret 7f3a');
  expect(push.expire_after_views).toBe(3);
  expect(push.expire_after_duration).toBe(8);
  const [listed] = await client.activeAll();
  expect(listed?.name).toBe('Wiki admin');
  const html = await recipientPage(host.baseUrl, urlToken, { passphrase: 'open sesame 42' });
  // Digits and symbols are coloured (issue 20): the text within is the secret, exactly.
  expect(html.replace(/<\/?span[^>]*>/g, '')).toContain('<pre aria-label="Secret">text secret 7f3a</pre>');
  expect(html).toContain('<span class="ch-digit">7</span>');
  expect(html).not.toContain('aria-label="QR code"');
  // Views later, the list follows the server after the next refresh.
  const [after] = await client.activeAll();
  expect(after!.views_remaining).toBeLessThan(3);
  await refreshWatcher(page);
  await expect(recent.getByText(new RegExp(`^${after!.views_remaining} of 3 views left`))).toBeVisible();
});

test('the result copies the link and the message, and Ctrl+Enter creates', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  await page.getByLabel('Secret', { exact: true }).fill('keyboard secret');
  await page.getByLabel('Views').fill('5');
  await page.getByLabel('Expiry').selectOption({ label: '3 days' });
  await page.getByLabel('Secret', { exact: true }).press('Control+Enter');

  const { link } = await createdLink(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await readClipboard(context, extensionId)).toBe(link);
  await page.bringToFront();
  await page.getByRole('button', { name: 'Copy message' }).click();
  await expect(page.getByText('Message copied')).toBeVisible();
  expect(await readClipboard(context, extensionId)).toBe(
    `${link}\nExpires in 3 days or after 5 views, whichever comes first.`,
  );
  await page.bringToFront();
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the secret link' })).toBeVisible();
  const svg = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('secret-link-qr.svg');
  const svgText = fs.readFileSync((await (await svg).path())!, 'utf8');
  expect(svgText).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
  expect(svgText).toContain('<path');
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  expect((await png).suggestedFilename()).toBe('secret-link-qr.png');
  const pngBytes = fs.readFileSync((await (await png).path())!);
  // The PNG signature, then the IHDR chunk with the requested 512×512 size.
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngBytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([512, 512]);
});

test('"Copy passphrase" puts the passphrase on the clipboard', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  await page.getByLabel('Secret', { exact: true }).fill('with a passphrase');
  await page.getByLabel('Passphrase', { exact: true }).fill('copy me 8c1e');
  await page.getByRole('button', { name: 'Create push' }).click();
  await createdLink(page);
  await page.getByRole('button', { name: 'Copy passphrase' }).click();
  await expect(page.getByText('Passphrase copied')).toBeVisible();
  expect(await readClipboard(context, extensionId)).toBe('copy me 8c1e');
});

test('with clearing on, a copied passphrase leaves the clipboard 30 seconds later, popup closed', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  // The shortest delay the user can choose; the test build counts its seconds as 50 ms each (30 s → 1.5 s).
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Clear the clipboard after a copy').selectOption({ label: 'After 30 seconds' });
  await expect
    .poll(() =>
      serviceWorker.evaluate(
        async () => (await chrome.storage.local.get('clipboardClearSeconds')).clipboardClearSeconds,
      ),
    )
    .toBe(30);
  await options.close();

  const page = await openPopup(context, extensionId);
  await page.getByLabel('Secret', { exact: true }).fill('with a passphrase');
  await page.getByLabel('Passphrase', { exact: true }).fill('clear me 51d0');
  await page.getByRole('button', { name: 'Create push' }).click();
  await createdLink(page);
  await page.getByRole('button', { name: 'Copy passphrase' }).click();
  await expect(page.getByText('Passphrase copied')).toBeVisible();
  const copiedAt = Date.now();
  await page.close();

  expect(await readClipboard(context, extensionId)).toBe('clear me 51d0');
  await expect.poll(() => readClipboard(context, extensionId), { intervals: [100] }).toBe('');
  expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(30 * E2E_CLEAR_MS_PER_SECOND - 100);
});

test('with clearing on, what the user copied after our copy stays on the clipboard', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  await serviceWorker.evaluate(() => chrome.storage.local.set({ clipboardClearSeconds: 30 }));
  const page = await openPopup(context, extensionId);
  await page.getByLabel('Secret', { exact: true }).fill('with a passphrase');
  await page.getByLabel('Passphrase', { exact: true }).fill('clear me 51d0');
  await page.getByRole('button', { name: 'Create push' }).click();
  await createdLink(page);
  await page.getByRole('button', { name: 'Copy passphrase' }).click();
  await expect(page.getByText('Passphrase copied')).toBeVisible();
  await page.close();

  // The user copies something of their own (an ordinary page's copy, through the keyboard).
  const other = await context.newPage();
  await other.setContent('<textarea>my own note</textarea>');
  await other.locator('textarea').selectText();
  await other.keyboard.press('Control+C');
  expect(await readClipboard(context, extensionId)).toBe('my own note');
  // Past the clear's time (30 × 50 ms in the test build) with room to spare: it has run, and kept the note.
  await other.waitForTimeout(3 * 30 * E2E_CLEAR_MS_PER_SECOND);
  expect(await readClipboard(context, extensionId)).toBe('my own note');
});

test('QR text over 1,024 characters is kept whole, refused on its field and not sent', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  const creates = countCreates(page);
  const long = Array.from({ length: 150 }, (_, i) => `row ${String(i).padStart(4, '0')}:`).join('\n');
  expect(long.length).toBe(1_499);

  await page.getByRole('tab', { name: 'QR code' }).click();
  const field = page.getByLabel('Secret', { exact: true });
  await field.focus();
  await page.keyboard.insertText(long); // what a paste does: one insertion, subject to any maxlength
  await expect(field).toHaveValue(long);
  await expect(page.getByText('1,499 of 1,024 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Create push' }).click();

  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#sp-error-payload')).toHaveText(
    'The QR code text is too long: at most 1,024 characters.',
  );
  await expect(field).toHaveValue(long);
  expect(creates()).toBe(0);
  expect(await ownerClient(host.baseUrl).activeAll()).toHaveLength(0);
});

test('colours follow the system light or dark setting', async ({ context, extensionId, serviceWorker }) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  const colours = () =>
    page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const field = getComputedStyle(document.getElementById('sp-secret')!);
      return { body: body.backgroundColor, text: body.color, field: field.backgroundColor };
    });
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await colours()).toEqual({
    body: 'rgb(255, 255, 255)',
    text: 'rgb(31, 35, 40)',
    field: 'rgb(255, 255, 255)',
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await colours()).toEqual({
    body: 'rgb(13, 17, 23)',
    text: 'rgb(230, 237, 243)',
    field: 'rgb(13, 17, 23)',
  });
});

test('an oss server: expiry in days (1–90), sent as expire_after_days', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  const oss = await startMockHost({ port: 0, edition: 'oss', users: [ALICE], rateLimit: 0 });
  try {
    await useServer(serviceWorker, oss.baseUrl, ALICE.token, 'oss');
    const page = await openPopup(context, extensionId);
    const expiry = page.getByLabel('Expiry');
    const choices = await expiry.locator('option').allTextContents();
    expect(choices).toHaveLength(90);
    expect([choices[0], choices[1], choices[89]]).toEqual(['1 day', '2 days', '90 days']);
    await expect(page.getByRole('option', { name: '1 week' })).toHaveCount(0);

    await page.getByLabel('Secret', { exact: true }).fill('oss secret 12d');
    await expiry.selectOption({ label: '12 days' });
    await page.getByLabel('Views').fill('3');
    await page.getByRole('button', { name: 'Create push' }).click();
    const { urlToken } = await createdLink(page);
    await expect(page.getByText('Expires in 12 days or after 3 views, whichever comes first.')).toBeVisible();

    const push = await ownerClient(oss.baseUrl).retrievePush(urlToken);
    expect(push.payload).toBe('oss secret 12d');
    expect(push.expire_after_days).toBe(12);
    expect(push.expire_after_views).toBe(3);
  } finally {
    await oss.close();
  }
});

test('a file push with two files whose bytes come back intact', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  const one = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
  const two = Buffer.from('second file: plain text\n');

  await page.getByRole('tab', { name: 'Files' }).click();
  await page.getByRole('button', { name: 'Files', exact: true }).setInputFiles([
    { name: 'keys.bin', mimeType: 'application/octet-stream', buffer: one },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: two },
  ]);
  const list = page.getByRole('list', { name: 'Attached files' });
  await expect(list.getByText('keys.bin')).toBeVisible();
  await expect(list.getByText('68 kB')).toBeVisible();
  await expect(list.getByText('notes.txt')).toBeVisible();
  await page.getByLabel('Views').fill('4');
  await page.getByRole('button', { name: 'Create push' }).click();

  const { urlToken } = await createdLink(page);
  const push = await ownerClient(host.baseUrl).retrievePush(urlToken);
  expect(push.expire_after_views).toBe(4);
  const files = Object.fromEntries(push.files.map((file) => [file.filename, file.url]));
  expect(Object.keys(files).sort()).toEqual(['keys.bin', 'notes.txt']);
  const bytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
  expect((await bytes(files['keys.bin']!)).equals(one)).toBe(true);
  expect((await bytes(files['notes.txt']!)).equals(two)).toBe(true);
});

test('files without a token: the popup says a token is needed and sends nothing', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, null);
  const page = await openPopup(context, extensionId);
  const creates = countCreates(page);
  await page.getByRole('tab', { name: 'Files' }).click();
  // Issue 11: the tab says why and links to Settings, and the picker takes no file (before, it took one and
  // the create was refused); a create still sends nothing and says why.
  await expect(
    page.getByText('Sending files needs an API token: the server takes files only from a signed-in account.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a token in Settings' })).toHaveAttribute(
    'href',
    `chrome-extension://${extensionId}/options.html`,
  );
  await expect(page.getByRole('button', { name: 'Files', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Create push' }).click();
  await expect(page.getByText('Sign in to send files.')).toBeVisible();
  expect(creates()).toBe(0);
});

test('a 422 lands on its field, keeps the form, and nothing is sent twice', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  const creates = countCreates(page);
  const client = ownerClient(host.baseUrl);

  await page.getByLabel('Secret', { exact: true }).fill('kept secret 55');
  await page.getByLabel('Passphrase', { exact: true }).fill('kept-pass');
  await openMoreOptions(page);
  // A well-formed address the form accepts, on a top-level domain the server refuses: only the server
  // can say so, with its 422.
  await page.getByLabel('Notify e-mails').fill('bob@example.c');
  await page.getByRole('button', { name: 'Create push' }).click();

  const notify = page.getByLabel('Notify e-mails');
  await expect(notify).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#sp-error-notify_emails_to')).toHaveText(/invalid email/);
  await expect(page.getByRole('alert').filter({ hasText: 'Check the form.' })).toBeVisible();
  await expect(page.getByLabel('Secret', { exact: true })).toHaveValue('kept secret 55');
  await expect(page.getByLabel('Passphrase', { exact: true })).toHaveValue('kept-pass');
  await expect(notify).toHaveValue('bob@example.c');
  expect(creates()).toBe(1);
  expect(await client.activeAll()).toHaveLength(0);

  // Fixed and sent with a double click: still one create.
  await notify.fill('bob@example.com');
  await expect(notify).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create push' }).dblclick();
  const { urlToken } = await createdLink(page);
  expect(creates()).toBe(2);
  const active = await client.activeAll();
  expect(active.map((push) => push.url_token)).toEqual([urlToken]);
  expect(active[0]!.notify_emails_to).toBe('bob@example.com');
  const push = await client.retrievePush(urlToken, { passphrase: 'kept-pass' });
  expect(push.payload).toBe('kept secret 55');
});

test('Escape resets the form once asked twice; validation stops an empty secret before sending', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  const page = await openPopup(context, extensionId);
  const creates = countCreates(page);
  await page.getByRole('button', { name: 'Create push' }).click();
  await expect(page.getByText('Enter the secret.')).toBeVisible();
  await page.getByLabel('Secret', { exact: true }).fill('to be cleared');
  await page.getByLabel('Secret', { exact: true }).press('Escape');
  // A filled form is not wiped by one Esc (issue 20): it asks, and keeps what was typed.
  await expect(page.getByText('Press Esc again to clear the form.')).toBeVisible();
  await expect(page.getByLabel('Secret', { exact: true })).toHaveValue('to be cleared');
  await page.getByLabel('Secret', { exact: true }).press('Escape');
  await expect(page.getByLabel('Secret', { exact: true })).toHaveValue('');
  expect(creates()).toBe(0);
});

test('a fresh form starts from the saved defaults, with a generated passphrase when they ask for one', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  await useServer(serviceWorker, host.baseUrl, ALICE.token);
  await serviceWorker.evaluate(() =>
    chrome.storage.local.set({
      pushDefaults: {
        expireAfterDuration: 3,
        expireAfterDays: 7,
        expireAfterViews: 9,
        retrievalStep: false,
        deletableByViewer: false,
        passphrase: true,
      },
    }),
  );
  const page = await openPopup(context, extensionId);
  const passphrase = page.getByLabel('Passphrase', { exact: true });
  await expect(passphrase).toHaveValue(/^[a-z0-9]+(-[a-z0-9]+){4}$/);
  const first = await passphrase.inputValue();
  await expect(page.getByLabel('Expiry')).toHaveValue('3');
  await expect(page.getByLabel('Views')).toHaveValue('9');
  await openMoreOptions(page);
  await expect(page.getByLabel('Retrieval step')).not.toBeChecked();
  await expect(page.getByLabel('Deletable by viewer')).not.toBeChecked();

  await page.getByLabel('Secret', { exact: true }).fill('with defaults');
  await page.getByRole('button', { name: 'Create push' }).click();
  const { urlToken } = await createdLink(page);
  const [listed] = await ownerClient(host.baseUrl).activeAll();
  expect(listed).toMatchObject({
    url_token: urlToken,
    expire_after_duration: 3,
    expire_after_views: 9,
    retrieval_step: false,
    deletable_by_viewer: false,
  });
  await expect(
    ownerClient(host.baseUrl).retrievePush(urlToken, { passphrase: first }),
  ).resolves.toMatchObject({
    payload: 'with defaults',
  });

  // A new form gets a new passphrase.
  await page.getByRole('button', { name: 'New push' }).click();
  await expect(passphrase).toHaveValue(/^[a-z0-9]+(-[a-z0-9]+){4}$/);
  expect(await passphrase.inputValue()).not.toBe(first);
});
