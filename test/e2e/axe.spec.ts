/**
 * Accessibility as a test: axe finds no violation, of any impact, on every page in both colour schemes (each
 * state is checked in light, then dark, on the same page): the popup (form, and result after a create), the
 * welcome page (as it opens, and after Try it), the options page (fresh, and with a server saved: folded on
 * the list of servers, a row saying Saved, adding a server, Remove's question), the dashboard (with pushes,
 * and with an audit log open) and the viewer (before the reveal, at the passphrase prompt, after the reveal).
 * Everything else runs in demo mode, as a fresh install does; pushes are made in the popup as a person would.
 */
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ALICE, createIn, expect, openPopup, test } from './popup-support';

// A test runs axe up to six times (each state in two schemes), each injecting and running axe-core afresh.
test.describe.configure({ timeout: 120_000 });

/** Every violation as one readable line: rule, impact, the elements and axe's summary of the first. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary ?? v.help}`,
  );
}

/** axe's findings on the page as it is now, in the light and in the dark scheme; the name says which failed. */
async function expectClean(page: Page, state: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // A colour transition (the options page's switches) has ended before axe reads the colours.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished] : []))),
    );
    expect(await violations(page), `axe on ${state} (${colorScheme})`).toEqual([]);
  }
}

/** The demo token the background creates on install: the popup and dashboard need it. */
async function demoReady(serviceWorker: Worker) {
  await expect
    .poll(() => serviceWorker.evaluate(async () => (await chrome.storage.local.get('demoToken')).demoToken))
    .toBeTruthy();
}

/** Creates a demo push in the popup, as a person would; the link. */
async function createInPopup(
  context: BrowserContext,
  extensionId: string,
  fields: { secret: string; name?: string; passphrase?: string },
) {
  return createIn(await openPopup(context, extensionId), fields);
}

test('popup: the form and the result after a create', async ({ context, extensionId, serviceWorker }) => {
  await demoReady(serviceWorker);
  const popup = await openPopup(context, extensionId);
  await expectClean(popup, 'the popup form');
  await createIn(popup, { secret: 'axe secret' });
  await expectClean(popup, 'the popup result');
});

test('welcome page: as it opens, and after Try it', async ({ context, serviceWorker, openPage }) => {
  await demoReady(serviceWorker);
  const page = await openPage('welcome.html');
  await expect(page.getByText('Demo mode is on.')).toBeVisible();
  await expectClean(page, 'the welcome page');
  const viewer = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByRole('status')).toHaveText('Sample push created. Its link opened in a new tab.');
  await (await viewer).close();
  await expectClean(page, 'the welcome page after Try it');
});

test('options page', async ({ serviceWorker, openPage }) => {
  await demoReady(serviceWorker);
  const page = await openPage('options.html');
  await expect(page.getByRole('combobox', { name: 'Server', exact: true })).toBeVisible();
  await expectClean(page, 'the options page');
});

test('options page: a server saved, folded on the list, adding another, and Remove asking', async ({
  openPage,
  host,
}) => {
  const page = await openPage('options.html');
  await page.getByRole('combobox', { name: 'Server', exact: true }).selectOption({ label: 'Self-hosted…' });
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
  await expect(page.getByRole('group', { name: `Remove ${name}? Its token`, exact: false })).toBeVisible();
  await expectClean(page, "the options page asking Remove's question");
});

test('dashboard: with pushes, and with an audit log open', async ({
  context,
  extensionId,
  serviceWorker,
  openPage,
}) => {
  await demoReady(serviceWorker);
  await createInPopup(context, extensionId, { secret: 'first', name: 'Door code' });
  await createInPopup(context, extensionId, { secret: 'second', name: 'Bank login', passphrase: 'pp' });
  const page = await openPage('dashboard.html');
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
