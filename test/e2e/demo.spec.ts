import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';

const DEMO_BASE_URL = 'https://demo.secret-push.invalid';
const ALL_BYTES = Array.from({ length: 256 }, (_, i) => i);

interface DemoReply {
  status: number;
  headers: Array<[string, string]>;
  text: string;
}

/**
 * One request to the demo service from an extension page, over the same runtime message (the wire form)
 * that demoFetch sends for the API client.
 */
function demoRequest(
  page: Page,
  init: { method?: string; path: string; token?: string; json?: unknown; fileBytes?: number[] },
): Promise<DemoReply> {
  return page.evaluate(
    async ({ base, method, path, token, json, fileBytes }) => {
      const headers = new Headers({ Accept: 'application/json' });
      if (token) headers.set('Authorization', `Bearer ${token}`);
      let body: BodyInit | undefined;
      if (json !== undefined) {
        headers.set('Content-Type', 'application/json');
        body = JSON.stringify(json);
      }
      if (fileBytes) {
        const form = new FormData();
        form.append('push[kind]', 'file');
        const blob = new Blob([new Uint8Array(fileBytes)], { type: 'application/octet-stream' });
        form.append('push[files][]', blob, 'bytes.bin');
        body = form;
      }
      const request = new Request(base + path, { method, headers, body });
      const bytes = body === undefined ? null : new Uint8Array(await request.arrayBuffer());
      const wire = {
        method: request.method,
        url: request.url,
        headers: [...request.headers],
        body: bytes && btoa(String.fromCharCode(...bytes)),
      };
      const reply = await chrome.runtime.sendMessage({
        channel: 'secret-push',
        type: 'demo-fetch',
        data: { request: wire },
      });
      if ('err' in reply) throw new Error(`${reply.err.code}: ${reply.err.message}`);
      const res = reply.res as { status: number; headers: Array<[string, string]>; body: string | null };
      const decoded =
        res.body === null ? new Uint8Array() : Uint8Array.from(atob(res.body), (c) => c.charCodeAt(0));
      return { status: res.status, headers: res.headers, text: new TextDecoder().decode(decoded) };
    },
    { base: DEMO_BASE_URL, method: init.method ?? 'GET', ...init },
  );
}

/** The demo service as a test reaches it: a viewer tab to send requests from, the demo token, and steps. */
interface Demo {
  /** The extension's viewer.html, the page the requests are sent from. */
  page: Page;
  token: string;
  /** Creates a push on the demo service through the transport, as the API client would, and expects 201. */
  create(body: { push: Record<string, unknown> } | { fileBytes: number[] }): Promise<DemoPush>;
  /** The kinds of the push's audit log entries. */
  audit(urlToken: string): Promise<string[]>;
  /** Opens `url` (a push's link) in a new tab, as a recipient would. */
  view(url: string): Promise<Page>;
}
type DemoPush = { url_token: string; html_url: string };

const test = base.extend<{ demo: Demo }>({
  demo: async ({ context, serviceWorker, openPage }, use) => {
    // The demo token the background creates on install (onInstalled may still be running when a test starts).
    const read = () =>
      serviceWorker.evaluate(async () => (await chrome.storage.local.get('demoToken')).demoToken as unknown);
    await expect.poll(read).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = (await read()) as string;
    const page = await openPage('viewer.html');
    await use({
      page,
      token,
      async create(body) {
        const created = await demoRequest(page, {
          method: 'POST',
          path: '/api/v2/pushes',
          token,
          ...('push' in body ? { json: { push: body.push } } : body),
        });
        expect(created.status).toBe(201);
        return JSON.parse(created.text) as DemoPush;
      },
      async audit(urlToken) {
        const reply = await demoRequest(page, { path: `/api/v2/pushes/${urlToken}/audit`, token });
        expect(reply.status).toBe(200);
        return (JSON.parse(reply.text) as { logs: Array<{ kind: string }> }).logs.map((log) => log.kind);
      },
      async view(url) {
        const viewer = await context.newPage();
        await viewer.goto(url);
        return viewer;
      },
    });
  },
});

test('a fresh install runs on the demo service, and its links open in the viewer', async ({
  demo,
  serviceWorker,
  extensionId,
}) => {
  // Fresh install: no server saved, demo mode on (the fallback), a demo token created by the background.
  const stored = await serviceWorker.evaluate(() => chrome.storage.local.get(['server', 'demoMode']));
  expect(stored.server ?? null).toBeNull();
  expect(stored.demoMode ?? true).toBe(true);
  await expect(demo.page.getByText('Demo mode is on')).toBeVisible();

  const push = await demo.create({
    push: { payload: 'correct horse battery staple', expire_after_views: 3 },
  });
  expect(push.html_url).toBe(`chrome-extension://${extensionId}/viewer.html#/p/${push.url_token}/r`);

  const viewer = await demo.view(push.html_url);
  await expect(viewer.getByText('Demo mode is on')).toBeVisible();
  const reveal = viewer.getByRole('button', { name: 'Reveal secret' });
  await expect(reveal).toBeVisible();
  await expect(viewer.getByText('correct horse battery staple')).toHaveCount(0);
  expect(await demo.audit(push.url_token)).toEqual(['creation']);

  await reveal.click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('correct horse battery staple');
  await expect(viewer.getByText('This secret can be viewed 2 more times.')).toBeVisible();
  expect(await demo.audit(push.url_token)).toEqual(['creation', 'view']);
});

test('a viewer link walked around the route guard says it is broken and retrieves nothing', async ({
  demo,
  extensionId,
}) => {
  const push = await demo.create({ push: { payload: 'behind the reveal step' } });
  expect(push.html_url).toMatch(/\/r$/);

  for (const hash of [
    `#/./api/v2/pushes/${push.url_token}`,
    `#/x/../api/v2/pushes/${push.url_token}.json`,
    `#/%2e/api/v2/pushes/${push.url_token}`,
    '#/x/%E0%A4%A',
  ]) {
    const viewer = await demo.view(`chrome-extension://${extensionId}/viewer.html${hash}`);
    await expect(viewer.getByRole('alert')).toHaveText(/damaged or is not a secret link/);
    await expect(viewer.getByRole('button', { name: 'Download file' })).toHaveCount(0);
    await expect(viewer.getByText('behind the reveal step')).toHaveCount(0);
    await viewer.close();
  }
  expect(await demo.audit(push.url_token)).toEqual(['creation']);
});

test('a file push with binary bytes downloads intact from the viewer', async ({ demo }) => {
  const viewer = await demo.view((await demo.create({ fileBytes: ALL_BYTES })).html_url);
  await viewer.getByRole('button', { name: 'Reveal secret' }).click();
  const downloading = viewer.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download bytes.bin' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bytes.bin');
  expect([...fs.readFileSync(await download.path())]).toEqual(ALL_BYTES);
});

test('the demo service survives its offscreen document being closed', async ({ demo, serviceWorker }) => {
  const push = await demo.create({ push: { payload: 'before the close' } });
  const offscreenDocuments = () =>
    serviceWorker.evaluate(
      async () =>
        (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] })).length,
    );
  expect(await offscreenDocuments()).toBe(1);
  await serviceWorker.evaluate(() => chrome.offscreen.closeDocument());
  expect(await offscreenDocuments()).toBe(0);

  const active = await demoRequest(demo.page, { path: '/api/v2/pushes/active', token: demo.token });
  expect(active.status).toBe(200);
  expect((JSON.parse(active.text) as Array<{ url_token: string }>).map((p) => p.url_token)).toContain(
    push.url_token,
  );
  expect(await offscreenDocuments()).toBe(1);
});

test('a passphrase push counts no view until the passphrase is right, and the viewer can delete it', async ({
  demo,
}) => {
  const push = await demo.create({
    push: { kind: 'qr', payload: 'WIFI:S:demo;;', passphrase: 'open sesame', retrieval_step: false },
  });
  const audited = async (kind: string) => (await demo.audit(push.url_token)).filter((k) => k === kind);

  const viewer = await demo.view(push.html_url);
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
});

test('a qr push shows its QR code right after the reveal, a text push offers none', async ({ demo }) => {
  const qr = await demo.create({ push: { kind: 'qr', payload: 'WIFI:T:WPA;S:home;P:pw;;' } });
  const text = await demo.create({ push: { kind: 'text', payload: 'just words' } });

  const viewer = await demo.view(qr.html_url);
  await viewer.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(viewer.getByRole('img', { name: 'QR code of the secret' })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );

  await viewer.goto(text.html_url);
  await viewer.reload(); // a hash change alone keeps the page: load it as a recipient would
  await viewer.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('just words');
  await expect(viewer.getByRole('button', { name: 'Show as QR code' })).toHaveCount(0);
  await expect(viewer.getByRole('img', { name: 'QR code of the secret' })).toHaveCount(0);
});

test('an authenticated_recipients push reveals only to an address the sender listed', async ({ demo }) => {
  const push = await demo.create({
    push: {
      payload: 'for carol only',
      authenticated_recipients: true,
      notify_emails_to: 'carol@example.com',
    },
  });

  const viewer = await demo.view(push.html_url);
  const reveal = viewer.getByRole('button', { name: 'Reveal secret' });
  await reveal.click();
  const email = viewer.getByLabel('Your e-mail address');
  await expect(viewer.getByText(/sends no code by e-mail/)).toBeVisible();
  await email.fill('mallory@example.com');
  await reveal.click();
  await expect(viewer.getByRole('alert')).toContainText('not one this secret was shared with');
  await expect(viewer.getByText('for carol only')).toHaveCount(0);
  expect(await demo.audit(push.url_token)).not.toContain('view');

  await email.fill('carol@example.com');
  await reveal.click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('for carol only');
  expect(await demo.audit(push.url_token)).toContain('view');
});

test('an expired push says so before any Reveal, and checking it counts no view', async ({ demo }) => {
  const push = await demo.create({ push: { payload: 'read once', expire_after_views: 1 } });

  const viewer = await demo.view(push.html_url);
  await expect(viewer.getByText('Revealing it uses its last view: after that it expires.')).toBeVisible();
  await expect(viewer.getByText(/^It expires in 7 days at the latest\.$/)).toBeVisible();
  await viewer.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(viewer.getByLabel('Secret payload')).toHaveText('read once');
  await expect(viewer.getByText(/^That was the last view: this secret has now expired\./)).toBeVisible();
  await expect(viewer.getByText(/0 more/)).toHaveCount(0);

  // The primary action copies, and says so.
  await viewer.getByRole('button', { name: 'Copy' }).click();
  await expect(viewer.getByRole('button', { name: 'Copied' })).toBeVisible();

  const again = await demo.view(push.html_url);
  await expect(
    again.getByRole('heading', { name: 'This secret has expired or does not exist' }),
  ).toBeVisible();
  await expect(again.getByRole('button', { name: 'Reveal secret' })).toHaveCount(0);
  expect(await demo.audit(push.url_token)).toEqual(['creation', 'view']);
});
