/**
 * Accessibility as a test, in both browsers and both colour schemes (each state checked in light, then
 * dark, on the same page): axe (axe-core's own source, run in the
 * page) finds no violation, of any impact, on every page: the popup (form, and result after a create), the
 * welcome page (as it opens, and after Try it), the dashboard (with pushes, and with an audit log open), the
 * viewer (before the reveal, at the passphrase prompt, after the reveal) and the options page (fresh, and
 * with a server saved: folded on the list, a row saying Saved, adding a server, Remove's question). All but
 * the options page's last states run in demo mode, as a fresh install does; pushes are made in the popup as
 * a person would.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { createPush } from './secrets/form';
import { ALICE, openPopup, press, waitForRow, waitForText } from './steps';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** axe's findings on the page as it is now, each as one readable line. */
async function violations(page: JourneyPage): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScript(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary ?? v.help}`,
    );
  });
}

/** No violation on the page as it is now, in the light and then the dark scheme; the message names which. */
async function expectClean(page: JourneyPage, state: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.colorScheme(scheme);
    await page.waitForFunction(
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      {},
      scheme === 'dark',
    );
    // A colour transition (the options page's switches) has ended before axe reads the colours.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished] : []))),
    );
    expect(await violations(page), `axe on ${state} (${scheme})`).toEqual([]);
  }
}

/** Creates a demo push in a new popup, as a person would; returns the popup (showing the result) and link. */
async function createInPopup(browser: ExtensionBrowser, fields: Parameters<typeof createPush>[1]) {
  const popup = await openPopup(browser);
  return { popup, link: (await createPush(popup, fields)).link };
}

forEachBrowser('axe in the light and the dark scheme', (_, browser) => {
  let host: MockHost;
  beforeAll(async () => {
    host = await startMockHost({ port: 0, users: [ALICE], rateLimit: 0 });
  });
  afterAll(() => host?.close());

  it('popup: the form and the result after a create', async () => {
    const popup = await openPopup(browser());
    await expectClean(popup, 'the popup form');
    await popup.close();
    const created = await createInPopup(browser(), { secret: 'axe secret' });
    await expectClean(created.popup, 'the popup result');
    await created.popup.close();
  });

  it('welcome page: as it opens, and after Try it', async () => {
    const welcome = browser().welcome;
    await waitForText(welcome, 'Demo mode is on.');
    await expectClean(welcome, 'the welcome page');
    await press(welcome, 'Try it');
    await (await browser().opened(`${browser().base}/viewer.html#/p/`)).close();
    await waitForText(welcome, 'Sample push created. Its link opened in a new tab.');
    await expectClean(welcome, 'the welcome page after Try it');
  });

  it('dashboard: with pushes, and with an audit log open', async () => {
    for (const fields of [
      { secret: 'first', name: 'Door code' },
      { secret: 'second', name: 'Bank login', passphrase: 'pp' },
    ])
      await (await createInPopup(browser(), fields)).popup.close();
    const page = await browser().open('dashboard.html', '::-p-aria(Door code[role="article"])');
    await page.waitForSelector('::-p-aria(Bank login[role="article"])');
    await expectClean(page, 'the dashboard with pushes');
    // The audit log is offered for pushes the server listed (a refresh reads the list), under Details.
    await press(page, 'Refresh');
    const door = await page.waitForSelector('::-p-aria(Door code[role="article"])');
    await (await door.waitForSelector('::-p-aria(Details[role="button"])')).click();
    await (await door.waitForSelector('::-p-aria(Audit log[role="button"])')).click();
    await page.waitForSelector('::-p-aria(Audit log of Door code[role="table"])');
    await expectClean(page, 'the dashboard with an audit log open');
    await page.close();
  });

  it('viewer: before the reveal, the passphrase prompt, after the reveal', async () => {
    const created = await createInPopup(browser(), {
      secret: 'axe viewer secret',
      passphrase: 'axe-pass',
    });
    await created.popup.close();
    const viewer = await browser().open(
      created.link.slice(browser().base.length + 1),
      '::-p-aria(Reveal secret[role="button"])',
    );
    await expectClean(viewer, 'the viewer before the reveal');
    await press(viewer, 'Reveal secret');
    await viewer.waitForSelector('#passphrase-input');
    await expectClean(viewer, 'the passphrase prompt');
    await viewer.fill('#passphrase-input', 'axe-pass');
    await press(viewer, 'Unlock');
    await waitForText(viewer, 'axe viewer secret');
    await expectClean(viewer, 'the viewer after the reveal');
    await viewer.close();
  });

  it('options page: fresh, a server saved, folded on the list, adding another, and Remove asking', async () => {
    const page = await browser().open('options.html', '#server-choice');
    await expectClean(page, 'the options page');
    await page.select('#server-choice', 'self-hosted');
    await page.type('#server-url', host.baseUrl);
    await page.type('#api-token', ALICE.token);
    await press(page, 'Connect');
    const name = new URL(host.baseUrl).host;
    await waitForRow(page, name, 'Saved. Pushes now go to this server.');
    await expectClean(page, 'the options page folded, the row saying Saved');
    await press(page, 'Add a server');
    await page.waitForSelector('#server-choice');
    await expectClean(page, 'the options page adding a server below the list');
    await press(page, `Remove ${name}`);
    await waitForText(page, `Remove ${name}?`);
    await expectClean(page, "the options page asking Remove's question");
    await page.close();
  });
});
