/**
 * A fresh install as a person first meets it, in one launch per browser. Installing the extension opens the
 * welcome page by itself, in front; "Try it" makes a push in demo mode through the popup's create path and
 * opens its link in the viewer, which reveals the sample secret once (the sample then expires on the demo
 * service's side); "Connect your server" opens the settings page. The popup fits (issue 20): Chrome caps a
 * popup at 600 px high, so at 380 px wide the default state, demo mode included, shows whole with no scroll;
 * with More options open, Create push stays on screen.
 *
 * And accessibility as a test, in both colour schemes (each state checked in light, then dark, on the same
 * page): axe (axe-core's own source, run in the page) finds no violation, of any impact, on every page: the
 * welcome page (as it opens, and after Try it), the popup (form, and result after a create), the dashboard
 * (with pushes, and with an audit log open), the viewer (before the reveal, at the passphrase prompt, after
 * the reveal) and the options page (fresh, and with a server saved: folded on the list, a row saying Saved,
 * adding a server, Remove's question). All but the options page's last states run in demo mode, as a fresh
 * install does; pushes are made in the popup as a person would.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { forEachBrowser, type ExtensionBrowser, type JourneyPage } from './browsers';
import { createPush, fill } from './secrets/form';
import { ALICE, connect, openPopup, pageText, press, useMockHost, waitForText } from './steps';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SAMPLE =
  'This is a sample secret. The person you send a link to sees it here, once, and then it is gone.';

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

interface PageInfo {
  kind: string | null;
  live: boolean;
  views_remaining: number;
}

/**
 * What the demo service knows of a push, asked from an extension page as the viewer asks it (the
 * demo-page-info message, lib/demo/messages.ts): the service's side, which reading it does not change.
 */
function demoPushInfo(page: JourneyPage, urlToken: string): Promise<PageInfo> {
  return page.evaluate(async (url_token) => {
    const reply = (await browser.runtime.sendMessage({
      channel: 'secret-push',
      type: 'demo-page-info',
      data: { url_token },
    })) as { res?: PageInfo; err?: { message: string } };
    if (!reply.res) throw new Error(reply.err?.message ?? 'no answer');
    return reply.res;
  }, urlToken);
}

/** The popup's size as laid out: what would scroll, and whether Create push is within the 600 px. */
function measure(popup: JourneyPage) {
  return popup.evaluate(() => {
    const scroller = document.scrollingElement!;
    const create = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Create push')!;
    const box = create.getBoundingClientRect();
    return {
      height: scroller.scrollHeight,
      width: scroller.scrollWidth,
      createVisible: box.top >= 0 && box.bottom <= window.innerHeight,
    };
  });
}

/** A new popup at 380 × 600, the size of Chrome's largest. */
async function popupAt380(browser: ExtensionBrowser): Promise<JourneyPage> {
  const popup = await openPopup(browser);
  await popup.setViewport({ width: 380, height: 600 });
  return popup;
}

/** Creates a demo push in a new popup, as a person would; returns the popup (showing the result) and link. */
async function createInPopup(browser: ExtensionBrowser, fields: Parameters<typeof createPush>[1]) {
  const popup = await openPopup(browser);
  return { popup, link: (await createPush(popup, fields)).link };
}

forEachBrowser('first run; axe in the light and the dark scheme', (name, browser) => {
  const host = useMockHost();

  it('opens the welcome page by itself on install, in front, saying demo mode is on; axe finds nothing on it', async () => {
    const welcome = browser().welcome;
    await welcome.waitForSelector('::-p-aria(Try it[role="button"])');
    const text = await pageText(welcome);
    expect(text).toContain('Welcome to Secret Push');
    expect(text).toContain('Demo mode is on.');
    expect(text).toContain('Nothing leaves your computer');
    expect(await welcome.evaluate(() => document.visibilityState)).toBe('visible');
    await expectClean(welcome, 'the welcome page');
  });

  it('popup: shows the default form in demo mode whole at 380 × 600, with no scroll (no push made yet); axe finds nothing on it', async () => {
    const popup = await popupAt380(browser());
    await popup.waitForFunction(() => document.body.innerText.includes('Demo'));
    const size = await measure(popup);
    expect(size.height).toBeLessThanOrEqual(600);
    expect(size.width).toBeLessThanOrEqual(380);
    expect(size.createVisible).toBe(true);
    await expectClean(popup, 'the popup form');
    await popup.close();
  });

  it('popup: keeps Create push on screen at 380 × 600 with More options open; axe finds nothing on the result after a create', async () => {
    const popup = await popupAt380(browser());
    await popup.click('summary::-p-text(More options)');
    await popup.waitForSelector('#sp-note');
    expect((await measure(popup)).createVisible).toBe(true);
    await fill(popup, 'Secret', 'axe secret');
    await press(popup, 'Create push');
    await popup.waitForSelector('::-p-aria(Secret link)');
    await expectClean(popup, 'the popup result');
    await popup.close();
  });

  it('Try it creates a push in demo mode whose link opens in the viewer and reveals the sample; axe finds nothing on the welcome page after it', async () => {
    const welcome = browser().welcome;
    await welcome.bringToFront(); // behind the popups' tabs; a tab behind another paints no frames to check
    await press(welcome, 'Try it');
    const viewer = await browser().opened(`${browser().base}/viewer.html#/p/`);
    await waitForText(welcome, 'Sample push created. Its link opened in a new tab.');

    // The tab may still be on its first about:blank for a moment (Chromium names the target first).
    await viewer.waitForFunction(() => location.href.includes('/viewer.html#/p/'));
    const link = await viewer.evaluate(() => location.href);
    const urlToken = /\/p\/([^/#?]+)/.exec(link)![1]!;
    const before = await demoPushInfo(welcome, urlToken);
    expect(before).toMatchObject({ kind: 'text', live: true });

    await press(viewer, 'Reveal secret');
    const secret = await viewer.waitForSelector('::-p-aria(Secret payload)');
    expect(await secret!.evaluate((el) => el.textContent)).toBe(SAMPLE);
    // The demo service counted the view: the reveal was a real retrieval, not a page showing a copy. The
    // sample has one view, whatever the defaults: after it the push is expired (its payload erased).
    expect(before.views_remaining).toBe(1);
    expect(await demoPushInfo(welcome, urlToken)).toMatchObject({ live: false, views_remaining: 0 });
    await viewer.close();
    await welcome.bringToFront();
    await expectClean(welcome, 'the welcome page after Try it');
  });

  it(`Connect your server opens the settings page${name === 'firefox' ? ' (in a tab, as open_in_tab asks)' : ''}`, async () => {
    await press(browser().welcome, 'Connect your server');
    const options = await browser().opened(`${browser().base}/options.html`);
    // The settings page is up once its server choice is (test/firefox waits for the same).
    await options.waitForSelector('#server-choice');
    await options.close();
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
    await connect(page, host().baseUrl, ALICE.token);
    const name = new URL(host().baseUrl).host;
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
