/**
 * The demo service's viewer, the recipient's page in demo mode (Chromium: the offscreen document; the popup's
 * demo pushes run in both browsers in test/journeys/quick-push.journey.ts, whose launch starts in demo mode).
 * Pushes are made and checked with the API client the other tests use, over the transport demoFetch uses: a
 * runtime message from an extension page.
 */
import fs from 'node:fs';
import { createApiClient, type CreatePushInput } from '../../lib/api';
import { DEMO_BASE_URL } from '../../lib/demo/constants';
import { requestToWire, wireToResponse } from '../../lib/messages/wire';
import { expect, test, type Ext } from './fixtures';

const ALL_BYTES = Array.from({ length: 256 }, (_, i) => i);

/**
 * The demo service through the API client, with the demo token the background creates on install (waited
 * for: onInstalled may still be running), its requests sent as lib/demo/transport.ts sends them, from an
 * extension page; `make` a push, read the kinds of its `audit` log entries.
 */
async function demoService(ext: Ext) {
  const read = () =>
    ext.worker.evaluate(async () => (await chrome.storage.local.get('demoToken')).demoToken as string);
  await expect.poll(read).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const page = await ext.open('viewer.html');
  const client = createApiClient({
    baseUrl: DEMO_BASE_URL,
    token: await read(),
    pageOrigin: ext.base,
    fetch: async (input, init) => {
      const request = await requestToWire(new Request(input, init));
      const reply = await page.evaluate(
        (request) =>
          chrome.runtime.sendMessage({ channel: 'secret-push', type: 'demo-fetch', data: { request } }),
        request,
      );
      if (!('res' in reply)) throw new TypeError(`The demo service did not answer: ${JSON.stringify(reply)}`);
      return wireToResponse(reply.res);
    },
  });
  return Object.assign(client, {
    make: async (push: CreatePushInput) => (await client.createPush(push)).push,
    audit: async (urlToken: string) => (await client.auditAll(urlToken)).map((entry) => entry.kind),
  });
}

test('a fresh install runs on the demo service; its links open in the viewer as their kind (a file downloads intact), guarded; it survives its offscreen document being closed', async ({
  ext,
}) => {
  const demo = await demoService(ext);
  // Fresh install: no server saved, demo mode on (the fallback), a demo token created by the background.
  const stored = await ext.worker.evaluate(() => chrome.storage.local.get(['server', 'demoMode']));
  expect(stored.server ?? null).toBeNull();
  expect(stored.demoMode ?? true).toBe(true);

  const push = await demo.make({ payload: 'correct horse battery staple', expire_after_views: 3 });
  expect(push.html_url).toBe(`${ext.base}/viewer.html#/p/${push.url_token}/r`);

  // A link walked around the route guard says it is broken and retrieves nothing.
  for (const hash of [
    `#/./api/v2/pushes/${push.url_token}`,
    `#/x/../api/v2/pushes/${push.url_token}.json`,
    `#/%2e/api/v2/pushes/${push.url_token}`,
    '#/x/%E0%A4%A',
  ]) {
    const viewer = await ext.open(`viewer.html${hash}`);
    await expect(viewer.getByRole('alert')).toHaveText(/damaged or is not a secret link/);
    await expect(viewer.getByRole('button', { name: 'Download file' })).toHaveCount(0);
    await expect(viewer.getByText('correct horse battery staple')).toHaveCount(0);
    await viewer.close();
  }

  const viewer = await ext.open(push.html_url);
  await expect(viewer.getByText('Demo mode is on')).toBeVisible();
  const reveal = viewer.getByRole('button', { name: 'Reveal secret' });
  await expect(reveal).toBeVisible();
  await expect(viewer.getByText('correct horse battery staple')).toHaveCount(0);
  expect(await demo.audit(push.url_token)).toEqual(['creation']);

  await reveal.click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('correct horse battery staple');
  await expect(viewer.getByText('This secret can be viewed 2 more times.')).toBeVisible();
  // A text push offers no QR code.
  await expect(viewer.getByRole('button', { name: 'Show as QR code' })).toHaveCount(0);
  await expect(viewer.getByRole('img', { name: 'QR code of the secret' })).toHaveCount(0);
  expect(await demo.audit(push.url_token)).toEqual(['creation', 'view']);

  // A qr push shows its QR code right after the reveal.
  const qr = await ext.open((await demo.make({ kind: 'qr', payload: 'WIFI:T:WPA;S:home;P:pw;;' })).html_url);
  await qr.getByRole('button', { name: 'Reveal secret' }).click();
  const code = qr.getByRole('img', { name: 'QR code of the secret' });
  await expect(code).toHaveAttribute('src', /^data:image\/png;base64,/);

  // A file push with every byte value downloads intact.
  const file = {
    name: 'bytes.bin',
    type: 'application/octet-stream',
    data: new Blob([new Uint8Array(ALL_BYTES)]),
  };
  const files = await ext.open((await demo.make({ kind: 'file', files: [file] })).html_url);
  await files.getByRole('button', { name: 'Reveal secret' }).click();
  const downloading = files.waitForEvent('download');
  await files.getByRole('button', { name: 'Download bytes.bin' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bytes.bin');
  expect([...fs.readFileSync(await download.path())]).toEqual(ALL_BYTES);

  // The demo service survives its offscreen document being closed: the next request opens it again.
  const offscreenDocuments = () =>
    ext.worker.evaluate(
      async () =>
        (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })).length,
    );
  expect(await offscreenDocuments()).toBe(1);
  await ext.worker.evaluate(() => chrome.offscreen.closeDocument());
  expect(await offscreenDocuments()).toBe(0);
  expect((await demo.activeAll()).map((p) => p.url_token)).toContain(push.url_token);
  expect(await offscreenDocuments()).toBe(1);
});

test('a passphrase, a recipient list and a last view each guard a reveal, counting nothing until met; the viewer can delete', async ({
  ext,
}) => {
  const demo = await demoService(ext);
  const push = await demo.make({
    kind: 'qr',
    payload: 'WIFI:S:demo;;',
    passphrase: 'open sesame',
    retrieval_step: false,
  });
  const audited = async (kind: string) => (await demo.audit(push.url_token)).filter((k) => k === kind);

  const viewer = await ext.open(push.html_url);
  const passphrase = viewer.getByLabel('Passphrase', { exact: true });
  // The prompt comes first, as on the Node host's page: learning that a passphrase is needed logs nothing.
  await expect(passphrase).toBeVisible();
  await expect(viewer.getByRole('alert')).toHaveCount(0);
  expect(await audited('failed_passphrase')).toEqual([]);

  const unlock = viewer.getByRole('button', { name: 'Unlock' });
  const formBox = await viewer.getByRole('form').boundingBox();
  await passphrase.fill('wrong');
  await unlock.click();
  await expect(viewer.getByRole('alert')).toHaveText(
    'That passphrase is wrong. Nothing was revealed and no view was counted.',
  );
  // The refusal takes the room the hint had: nothing on the page moves.
  expect(await viewer.getByRole('form').boundingBox()).toEqual(formBox);
  expect(await audited('view')).toEqual([]);
  expect(await audited('failed_passphrase')).toHaveLength(1);

  await passphrase.fill('open sesame');
  await unlock.click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('WIFI:S:demo;;');
  // A qr push: the viewer knows its kind from the demo service's page facts and draws it at once.
  await expect(viewer.getByRole('img', { name: 'QR code of the secret' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await expect(viewer.getByRole('button', { name: 'Show as QR code' })).toHaveCount(0);
  expect(await audited('view')).toHaveLength(1);
  expect(await audited('failed_passphrase')).toHaveLength(1);

  await viewer.getByRole('button', { name: 'Delete this secret' }).click();
  // Issue 11: deleting asks first, saying it cannot be undone.
  await expect(viewer.getByRole('group', { name: /Delete this secret for everyone\?/ })).toContainText(
    "can't be undone",
  );
  await viewer.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(viewer.getByRole('heading', { name: 'This secret has been deleted' })).toBeVisible();
  await viewer.reload();
  await expect(
    viewer.getByRole('heading', { name: 'This secret has expired or does not exist' }),
  ).toBeVisible();

  // authenticated_recipients: only an address the sender listed reveals it.
  const carol = await demo.make({
    payload: 'for carol only',
    authenticated_recipients: true,
    notify_emails_to: 'carol@example.com',
  });
  const forCarol = await ext.open(carol.html_url);
  const reveal = forCarol.getByRole('button', { name: 'Reveal secret' });
  await reveal.click();
  const email = forCarol.getByLabel('Your e-mail address');
  await expect(forCarol.getByText(/sends no code by e-mail/)).toBeVisible();
  await email.fill('mallory@example.com');
  await reveal.click();
  await expect(forCarol.getByRole('alert')).toContainText('not one this secret was shared with');
  await expect(forCarol.getByText('for carol only')).toHaveCount(0);
  expect(await demo.audit(carol.url_token)).not.toContain('view');

  await email.fill('carol@example.com');
  await reveal.click();
  await expect(forCarol.getByLabel('Secret payload')).toHaveText('for carol only');
  expect(await demo.audit(carol.url_token)).toContain('view');

  // A last view says so before any Reveal, and checking an expired push counts no view.
  const once = await demo.make({ payload: 'read once', expire_after_views: 1 });
  const last = await ext.open(once.html_url);
  await expect(last.getByText('Revealing it uses its last view: after that it expires.')).toBeVisible();
  await expect(last.getByText(/^It expires in 7 days at the latest\.$/)).toBeVisible();
  await last.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(last.getByLabel('Secret payload')).toHaveText('read once');
  await expect(last.getByText(/^That was the last view: this secret has now expired\./)).toBeVisible();
  await expect(last.getByText(/0 more/)).toHaveCount(0);

  // The primary action copies, and says so.
  await last.getByRole('button', { name: 'Copy' }).click();
  await expect(last.getByRole('button', { name: 'Copied' })).toBeVisible();

  const again = await ext.open(once.html_url);
  await expect(
    again.getByRole('heading', { name: 'This secret has expired or does not exist' }),
  ).toBeVisible();
  await expect(again.getByRole('button', { name: 'Reveal secret' })).toHaveCount(0);
  expect(await demo.audit(once.url_token)).toEqual(['creation', 'view']);
});
