/**
 * The popup as a person uses it, against a Node host the extension is pointed at: each kind typed and
 * created, then read back on the server through the API and opened on the host's recipient page (the
 * retrieval step, the passphrase form, file downloads, QR codes, Delete). Needs a build made with
 * SECRET_PUSH_E2E=1 (the loopback host is granted at install).
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { E2E_CLEAR_MS_PER_SECOND } from '../../lib/clipboard/delay';
import { startMockHost } from '../../lib/mock/host/server';
import {
  ALICE,
  countCreates,
  createdLink,
  createIn,
  expect,
  openMoreOptions,
  ownerClient,
  refreshWatcher,
  revealed,
  test,
  useServer,
} from './fixtures';

/** Presses `button` and checks that `said` shows: a copy, said in words. */
async function copy(page: Page, button: string, said: string) {
  await page.bringToFront();
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByText(said)).toBeVisible();
}

/** The file a download saved, read back. */
async function downloaded(page: Page, button: string): Promise<{ download: Download; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return { download: await download, bytes: fs.readFileSync((await (await download).path())!) };
}

test('a text push with a passphrase, views, expiry and a name, made with Ctrl+Enter; its result copies the link, the message and the passphrase, and saves the QR code; the recipient page refuses a wrong passphrase', async ({
  popup: page,
  host,
  ext,
}) => {
  const creates = countCreates(page);
  const fields = { secret: 'text secret 7f3a', expiry: '3 days', views: '3', passphrase: 'open sesame 42' };
  const { link, urlToken } = await createIn(page, { ...fields, name: 'Wiki admin', keys: 'Control+Enter' });
  await expect(page.getByText('Expires in 3 days or after 3 views, whichever comes first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy passphrase' })).toBeVisible();
  expect(creates()).toBe(1);
  await copy(page, 'Copy link', 'Link copied');
  expect(await ext.clipboard()).toBe(link);
  await copy(page, 'Copy message', 'Message copied');
  // With a passphrase the message says one is needed, never what it is (without one: its unit test).
  expect(await ext.clipboard()).toBe(
    `${link}\nExpires in 3 days or after 3 views, whichever comes first.\nYou need a passphrase to open it: I will send it to you separately.`,
  );
  await page.bringToFront();
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the secret link' })).toBeVisible();
  const svg = await downloaded(page, 'Download SVG');
  expect(svg.download.suggestedFilename()).toBe('secret-link-qr.svg');
  expect(svg.bytes.toString('utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/);
  expect(svg.bytes.toString('utf8')).toContain('<path');
  const png = await downloaded(page, 'Download PNG');
  expect(png.download.suggestedFilename()).toBe('secret-link-qr.png');
  // The PNG signature, then the IHDR chunk with the requested 512×512 size.
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([512, 512]);

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
  expect(push).toMatchObject({
    payload: 'text secret 7f3a',
    expire_after_views: 3,
    expire_after_duration: 8,
  });
  const [listed] = await client.activeAll();
  expect(listed?.name).toBe('Wiki admin');
  // The recipient, in a browser: a wrong passphrase shows nothing and uses no view, the right one reveals.
  const recipient = await revealed(ext, link);
  const unlock = async (passphrase: string) => {
    await recipient.getByLabel('Passphrase').fill(passphrase);
    await recipient.getByRole('button', { name: 'Unlock secret' }).click();
  };
  await unlock('open barley');
  await expect(recipient.getByRole('alert')).toHaveText('That passphrase is incorrect.');
  await expect(recipient.getByText('text secret 7f3a')).toHaveCount(0);
  expect((await client.activeAll())[0]?.views_remaining).toBe(3); // the owner's reads count none either
  await unlock('open sesame 42');
  // Digits and symbols are coloured (issue 20): the text within is the secret, exactly.
  const shown = recipient.getByLabel('Secret', { exact: true });
  await expect(shown).toHaveText('text secret 7f3a');
  await expect(shown.locator('span.ch-digit').first()).toHaveText('7');
  await expect(recipient.getByRole('img', { name: 'QR code' })).toHaveCount(0);
  expect((await client.auditAll(urlToken)).map((entry) => entry.kind)).toEqual([
    'creation',
    'failed_passphrase',
    'owner_view',
    'failed_passphrase',
    'view',
  ]);
  // A view later, the list follows the server after the next refresh.
  expect((await client.activeAll())[0]?.views_remaining).toBe(2);
  await refreshWatcher(page);
  await expect(recent.getByText(/^2 of 3 views left/)).toBeVisible();
  await copy(page, 'Copy passphrase', 'Passphrase copied');
  expect(await ext.clipboard()).toBe('open sesame 42');
});

test('clearing on (30 s, which the test build counts as 30 × 50 ms): a copied passphrase leaves the clipboard, popup closed; what the user copied after it stays', async ({
  ext,
  host,
}) => {
  /** Creates a push with a passphrase in a new popup, copies the passphrase and closes the popup. */
  async function copyPassphrase() {
    const page = await ext.popup();
    await createIn(page, { secret: 'with a passphrase', passphrase: 'clear me 51d0' });
    await copy(page, 'Copy passphrase', 'Passphrase copied');
    await page.close();
  }
  // The shortest delay the user can choose, chosen on the options page.
  await useServer(ext.worker, host.baseUrl, ALICE.token);
  const options = await ext.open('options.html');
  await options.getByLabel('Clear the clipboard after a copy').selectOption({ label: 'After 30 seconds' });
  await expect
    .poll(() =>
      ext.worker.evaluate(
        async () => (await chrome.storage.local.get('clipboardClearSeconds')).clipboardClearSeconds,
      ),
    )
    .toBe(30);
  await options.close();

  await ext.clipboard(); // its tab opens now: read after the copy, it answers well within the 1.5 s
  await copyPassphrase();
  const copiedAt = Date.now();
  expect(await ext.clipboard()).toBe('clear me 51d0');
  await expect.poll(ext.clipboard, { intervals: [100] }).toBe('');
  expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(30 * E2E_CLEAR_MS_PER_SECOND - 100);

  // Again, and then the user copies something of their own (an ordinary page's copy, through the keyboard).
  await copyPassphrase();
  const other = await ext.context.newPage();
  await other.setContent('<textarea>my own note</textarea>');
  await other.locator('textarea').selectText();
  await other.keyboard.press('Control+C');
  expect(await ext.clipboard()).toBe('my own note');
  // Past the clear's time with room to spare: it has run, and kept the note.
  await other.waitForTimeout(3 * 30 * E2E_CLEAR_MS_PER_SECOND);
  expect(await ext.clipboard()).toBe('my own note');
});

test('a file push with two files: its link reveals only on Reveal, which counts one view; each file downloads byte for byte; Delete expires it', async ({
  popup: page,
  host,
  ext,
}) => {
  const files = [
    {
      name: 'keys.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)),
    },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('second file: plain text\n') },
  ];
  await page.getByRole('tab', { name: 'Files' }).click();
  await page.getByRole('button', { name: 'Files', exact: true }).setInputFiles(files);
  const list = page.getByRole('list', { name: 'Attached files' });
  for (const shown of ['keys.bin', '68 kB', 'notes.txt']) await expect(list.getByText(shown)).toBeVisible();

  const { link, urlToken } = await createIn(page, { views: '4' });
  const client = ownerClient(host.baseUrl);
  const audited = async () => (await client.auditAll(urlToken)).map((entry) => entry.kind);
  const listed = async () => (await client.activeAll())[0];
  // The retrieval step is on by default: the link shows nothing and counts nothing until Reveal.
  expect(link).toBe(`${host.baseUrl}/p/${urlToken}/r`);
  const recipient = await ext.context.newPage();
  await recipient.goto(link);
  const reveal = recipient.getByRole('button', { name: 'Reveal secret' });
  await expect(reveal).toBeVisible();
  await expect(recipient.getByRole('link', { name: 'keys.bin' })).toHaveCount(0);
  expect(await audited()).toEqual(['creation']);
  expect(await listed()).toMatchObject({ expire_after_views: 4, views_remaining: 4 });
  await reveal.click();
  await expect(recipient.getByRole('list', { name: 'Files' }).getByRole('link')).toHaveCount(2);
  for (const file of files) {
    const [download] = await Promise.all([
      recipient.waitForEvent('download'),
      recipient.getByRole('link', { name: file.name }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(file.name);
    expect(fs.readFileSync(await download.path()).equals(file.buffer)).toBe(true);
  }
  expect(await audited()).toEqual(['creation', 'view']);
  expect((await listed())?.views_remaining).toBe(3);
  const [, view] = await client.auditAll(urlToken);
  expect(view).toMatchObject({ ip: '127.0.0.1', user_agent: expect.stringContaining('Chrome') });

  await recipient.getByRole('button', { name: 'Delete this secret' }).click();
  await expect(recipient.getByRole('heading', { name: 'This secret has been deleted' })).toBeVisible();
  expect(await client.expiredAll()).toEqual([
    expect.objectContaining({ url_token: urlToken, expired: true, deleted: true }),
  ]);
  expect(await audited()).toEqual(['creation', 'view', 'expire']);
  expect(await client.retrievePush(urlToken)).toMatchObject({ expired: true, payload: null });
  await recipient.goto(link);
  await expect(recipient.getByRole('heading', { name: 'This secret has expired' })).toBeVisible();
});

test('an oss server offers expiry in days (1–90), sent as expire_after_days; without a token, files say one is needed and nothing is sent', async ({
  ext,
  host,
}) => {
  const oss = await startMockHost({ port: 0, edition: 'oss', users: [ALICE], rateLimit: 0 });
  try {
    await useServer(ext.worker, oss.baseUrl, ALICE.token, 'oss');
    const page = await ext.popup();
    const choices = await page.getByLabel('Expiry').locator('option').allTextContents();
    expect(choices).toHaveLength(90);
    expect([choices[0], choices[1], choices[89]]).toEqual(['1 day', '2 days', '90 days']);
    await expect(page.getByRole('option', { name: '1 week' })).toHaveCount(0);

    const { urlToken } = await createIn(page, { secret: 'oss secret 12d', expiry: '12 days', views: '3' });
    await expect(page.getByText('Expires in 12 days or after 3 views, whichever comes first.')).toBeVisible();
    const push = await ownerClient(oss.baseUrl).retrievePush(urlToken);
    expect(push).toMatchObject({ payload: 'oss secret 12d', expire_after_days: 12, expire_after_views: 3 });
  } finally {
    await oss.close();
  }

  // A server saved without a token: files need one.
  await useServer(ext.worker, host.baseUrl, null);
  const page = await ext.popup();
  const creates = countCreates(page);
  await page.getByRole('tab', { name: 'Files' }).click();
  // Issue 11: the tab says why and links to Settings, and the picker takes no file (before, it took one and
  // the create was refused); a create still sends nothing and says why.
  await expect(
    page.getByText('Sending files needs an API token: the server takes files only from a signed-in account.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a token in Settings' })).toHaveAttribute(
    'href',
    `${ext.base}/options.html`,
  );
  await expect(page.getByRole('button', { name: 'Files', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Create push' }).click();
  await expect(page.getByText('Sign in to send files.')).toBeVisible();
  expect(creates()).toBe(0);
});

test('colours follow the system light or dark setting; an empty secret, a 422 and QR text over 1,024 characters stop on their field and keep the form; one Esc only asks; nothing is sent twice; the recipient page draws a QR push as an SVG, or shows its text with a note when too long for a code', async ({
  popup: page,
  host,
  ext,
}) => {
  const colours = () =>
    page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const field = getComputedStyle(document.getElementById('sp-secret')!);
      return { body: body.backgroundColor, text: body.color, field: field.backgroundColor };
    });
  await page.emulateMedia({ colorScheme: 'light' });
  const light = 'rgb(255, 255, 255)';
  expect(await colours()).toEqual({ body: light, text: 'rgb(31, 35, 40)', field: light });
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = 'rgb(13, 17, 23)';
  expect(await colours()).toEqual({ body: dark, text: 'rgb(230, 237, 243)', field: dark });
  const creates = countCreates(page);
  const client = ownerClient(host.baseUrl);
  const secret = page.getByLabel('Secret', { exact: true });
  // Validation stops an empty secret before sending.
  await page.getByRole('button', { name: 'Create push' }).click();
  await expect(page.getByText('Enter the secret.')).toBeVisible();
  expect(creates()).toBe(0);

  await secret.fill('kept secret 55');
  await page.getByLabel('Passphrase', { exact: true }).fill('kept-pass');
  await openMoreOptions(page);
  // A well-formed address the form accepts, on a top-level domain the server refuses: only the server
  // can say so, with its 422.
  const notify = page.getByLabel('Notify e-mails');
  await notify.fill('bob@example.c');
  await page.getByRole('button', { name: 'Create push' }).click();

  await expect(notify).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#sp-error-notify_emails_to')).toHaveText(/invalid email/);
  await expect(page.getByRole('alert').filter({ hasText: 'Check the form.' })).toBeVisible();
  await expect(secret).toHaveValue('kept secret 55');
  await expect(page.getByLabel('Passphrase', { exact: true })).toHaveValue('kept-pass');
  await expect(notify).toHaveValue('bob@example.c');
  expect(creates()).toBe(1);
  expect(await client.activeAll()).toHaveLength(0);
  // A filled form is not wiped by one Esc (issue 20): it asks, and keeps what was typed (a second Esc
  // clears it: test/journeys/secrets/popup-creates.ts).
  await secret.press('Escape');
  await expect(page.getByText('Press Esc again to clear the form.')).toBeVisible();
  await expect(secret).toHaveValue('kept secret 55');

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

  // QR text over 1,024 characters, pasted into a new form: kept whole, refused on its field, not sent.
  await page.getByRole('button', { name: 'New push' }).click();
  const long = Array.from({ length: 150 }, (_, i) => `row ${String(i).padStart(4, '0')}:`).join('\n');
  expect(long.length).toBe(1_499);
  await page.getByRole('tab', { name: 'QR code' }).click();
  await secret.focus();
  await page.keyboard.insertText(long); // what a paste does: one insertion, subject to any maxlength
  await expect(secret).toHaveValue(long);
  await expect(page.getByText('1,499 of 1,024 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Create push' }).click();

  await expect(secret).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#sp-error-payload')).toHaveText(
    'The QR code text is too long: at most 1,024 characters.',
  );
  await expect(secret).toHaveValue(long);
  expect(creates()).toBe(2);
  expect(await client.activeAll()).toHaveLength(1);

  // 1,024 characters are sent, but too many for a code: the recipient's page shows the text with a note,
  // using the one view once.
  const emoji = '😀'.repeat(1024);
  const whole = await createIn(page, { secret: emoji, views: '1' });
  const recipient = await revealed(ext, whole.link);
  await expect(recipient.getByLabel('Secret')).toHaveText(emoji);
  await expect(recipient.getByRole('note')).toContainText('too long to draw as a QR code');
  await expect(recipient.getByRole('img', { name: 'QR code' })).toHaveCount(0);
  expect((await client.auditAll(whole.urlToken)).map((entry) => entry.kind)).toEqual(['creation', 'view']);
  // Shorter QR text is drawn as an SVG.
  await page.bringToFront();
  await page.getByRole('button', { name: 'New push' }).click();
  await page.getByRole('tab', { name: 'QR code' }).click();
  const wifi = await createIn(page, { secret: 'WIFI:S:guest;T:WPA;P:letmein;;' });
  const code = (await revealed(ext, wifi.link)).getByRole('img', { name: 'QR code' }).locator('svg');
  await expect(code).toBeVisible();
  expect((await code.boundingBox())?.width).toBeGreaterThan(50);
});
