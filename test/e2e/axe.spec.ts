/**
 * Accessibility as a test: axe finds no violation, of any impact, on every page in both colour schemes: the
 * popup (form, and result after a create), the welcome page (as it opens, and after Try it), the options
 * page (fresh, and with a server saved: folded on the list of servers, a row saying Saved, adding a server,
 * Remove's question), the dashboard (with pushes, and with an audit log open) and the viewer (before the
 * reveal, at the passphrase prompt, after the reveal). Everything else runs in demo mode, as a fresh install
 * does; pushes are made in the popup as a person would.
 */
// startMockHost's store (idb) needs the IDB globals in Playwright's Node process (Vitest's setup file gives them to the unit tests).
import 'fake-indexeddb/auto';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { startMockHost, type MockHost } from '../../lib/mock/host/server';
import { ALICE, createdLink, openPopup } from './popup-support';

/** The server the options page connects to in its folded states. */
let host: MockHost;
test.beforeAll(async () => {
  host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
});
test.afterAll(() => host.close());

/** Every violation as one readable line: rule, impact, the elements and axe's summary of the first. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary ?? v.help}`,
  );
}

/** axe's findings on the page as it is now; the name says which state failed. */
async function expectClean(page: Page, state: string) {
  expect(await violations(page), `axe on ${state}`).toEqual([]);
}

/** The demo token the background creates on install: the popup and dashboard need it. */
async function demoReady(serviceWorker: Worker) {
  await expect
    .poll(() => serviceWorker.evaluate(async () => (await chrome.storage.local.get('demoToken')).demoToken))
    .toBeTruthy();
}

/** Creates a demo push in the popup, as a person would, and returns the popup (showing the result) and link. */
async function createInPopup(
  context: BrowserContext,
  extensionId: string,
  fields: { secret: string; name?: string; passphrase?: string },
) {
  const popup = await openPopup(context, extensionId);
  await popup.getByLabel('Secret', { exact: true }).fill(fields.secret);
  if (fields.passphrase) await popup.getByLabel('Passphrase', { exact: true }).fill(fields.passphrase);
  if (fields.name) {
    await popup.getByText('More options').click();
    await popup.getByLabel('Name', { exact: true }).fill(fields.name);
  }
  await popup.getByRole('button', { name: 'Create push' }).click();
  const { link } = await createdLink(popup);
  return { popup, link };
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe in the ${colorScheme} scheme`, () => {
    test('popup: the form and the result after a create', async ({ context, extensionId, serviceWorker }) => {
      await demoReady(serviceWorker);
      const popup = await openPopup(context, extensionId);
      await popup.emulateMedia({ colorScheme });
      await expectClean(popup, 'the popup form');
      await popup.getByLabel('Secret', { exact: true }).fill('axe secret');
      await popup.getByRole('button', { name: 'Create push' }).click();
      await createdLink(popup);
      await expectClean(popup, 'the popup result');
    });

    test('welcome page: as it opens, and after Try it', async ({ context, extensionId, serviceWorker }) => {
      await demoReady(serviceWorker);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(`chrome-extension://${extensionId}/welcome.html`);
      await expect(page.getByText('Demo mode is on.')).toBeVisible();
      await expectClean(page, 'the welcome page');
      const viewer = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Try it' }).click();
      await expect(page.getByRole('status')).toHaveText('Sample push created. Its link opened in a new tab.');
      await (await viewer).close();
      await expectClean(page, 'the welcome page after Try it');
    });

    test('options page', async ({ context, extensionId, serviceWorker }) => {
      await demoReady(serviceWorker);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(page.getByRole('combobox', { name: 'Server', exact: true })).toBeVisible();
      await expectClean(page, 'the options page');
    });

    test('options page: a server saved, folded on the list, adding another, and Remove asking', async ({
      context,
      extensionId,
    }) => {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(`chrome-extension://${extensionId}/options.html`);
      await page
        .getByRole('combobox', { name: 'Server', exact: true })
        .selectOption({ label: 'Self-hosted…' });
      await page.getByLabel('Server URL').fill(host.baseUrl);
      await page.getByLabel('API token').fill(ALICE.token);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      const name = new URL(host.baseUrl).host;
      const row = page.getByRole('listitem', { name, exact: true });
      await expect(row).toContainText('Saved. Pushes now go to this server.');
      await expectClean(page, 'the options page folded, the row saying Saved');
      await page.getByRole('button', { name: 'Add a server', exact: true }).click();
      await expect(page.getByRole('combobox', { name: 'Server', exact: true })).toBeVisible();
      await expectClean(page, 'the options page adding a server below the list');
      await page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
      await expect(
        page.getByRole('group', { name: `Remove ${name}? Its token`, exact: false }),
      ).toBeVisible();
      await expectClean(page, "the options page asking Remove's question");
    });

    test('dashboard: with pushes, and with an audit log open', async ({
      context,
      extensionId,
      serviceWorker,
    }) => {
      await demoReady(serviceWorker);
      await createInPopup(context, extensionId, { secret: 'first', name: 'Door code' });
      await createInPopup(context, extensionId, { secret: 'second', name: 'Bank login', passphrase: 'pp' });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto(`chrome-extension://${extensionId}/dashboard.html`);
      const door = page.getByRole('article', { name: 'Door code' });
      await expect(door).toBeVisible();
      await expect(page.getByRole('article', { name: 'Bank login' })).toBeVisible();
      await expectClean(page, 'the dashboard with pushes');
      // The audit log is offered for pushes the server listed (a refresh reads the list), under Details.
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await door.getByRole('button', { name: /^Details/ }).click();
      await door.getByRole('button', { name: 'Audit log' }).click();
      await expect(page.getByRole('table', { name: 'Audit log of Door code' })).toBeVisible();
      await expectClean(page, 'the dashboard with an audit log open');
    });

    test('viewer: before the reveal, the passphrase prompt, after the reveal', async ({
      context,
      extensionId,
      serviceWorker,
    }) => {
      await demoReady(serviceWorker);
      const { link } = await createInPopup(context, extensionId, {
        secret: 'axe viewer secret',
        passphrase: 'axe-pass',
      });
      const viewer = await context.newPage();
      await viewer.emulateMedia({ colorScheme });
      await viewer.goto(link);
      await expect(viewer.getByRole('button', { name: 'Reveal secret' })).toBeVisible();
      await expectClean(viewer, 'the viewer before the reveal');
      await viewer.getByRole('button', { name: 'Reveal secret' }).click();
      await expect(viewer.getByRole('textbox', { name: 'Passphrase' })).toBeVisible();
      await expectClean(viewer, 'the passphrase prompt');
      await viewer.getByRole('textbox', { name: 'Passphrase' }).fill('axe-pass');
      await viewer.getByRole('button', { name: 'Unlock' }).click();
      await expect(viewer.getByLabel('Secret payload')).toHaveText('axe viewer secret');
      await expectClean(viewer, 'the viewer after the reveal');
    });
  });
}
