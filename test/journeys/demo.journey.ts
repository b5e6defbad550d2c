/**
 * The first thing a new user does: a push in demo mode, its link, and the viewer revealing the secret. In
 * Firefox it once failed with "The server could not read the request": Firefox ESR 153 has no
 * Request.prototype.body, so the demo service in the background page read every body as empty (the cause
 * is tested in test/lib/mock/body.test.ts). A demo link opens only in this browser (issue 20): the popup's
 * result and the quick push's notification say so. Also: the popup's text and file pushes with a passphrase,
 * listed in Recent pushes, and the background answering a page's message.
 */
import { expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { MENU_IDS } from '@/lib/quick-push/menus';
import type { QuickPushOutcome } from '@/lib/quick-push/types';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { fill, pickFile, tab, valueOf, withFile } from './secrets/form';
import { createdLink, demoReady, openPopup, pageText, press, waitForText } from './steps';

const ONLY_HERE = 'it opens only in this browser';

/** Opens `link` (a demo viewer link) and reveals what it holds, with its passphrase if it has one. */
async function revealed(
  browser: ExtensionBrowser,
  link: string,
  passphrase?: string,
): Promise<string | null> {
  const viewer: JourneyPage = await browser.open(
    link.slice(browser.base.length + 1),
    '::-p-aria(Reveal secret[role="button"])',
  );
  await press(viewer, 'Reveal secret');
  if (passphrase) {
    // By its label's id: Firefox gives a password field no textbox role to find it by.
    await viewer.fill('#passphrase-input', passphrase);
    await press(viewer, 'Unlock');
  }
  const secret = await viewer.waitForSelector('::-p-aria(Secret payload)');
  return secret!.evaluate((el) => el.textContent);
}

/** Waits until the popup's "Recent pushes" lists `count` pushes. */
async function waitForRecent(popup: JourneyPage, count: number): Promise<void> {
  const region = await popup.waitForSelector('::-p-aria(Recent pushes[role="region"])');
  await expect.poll(() => region!.$$eval('li', (items) => items.length)).toBe(count);
}

/** Calls, in the background, what a click on "Push selected text" calls (lib/quick-push/e2e-hook.ts). */
async function quickPush(browser: ExtensionBrowser, text: string): Promise<QuickPushOutcome> {
  await expect
    .poll(() => browser.background((g) => typeof g.secretPushQuickPush === 'object', null))
    .toBe(true);
  // No tab: the extension takes the menu's own selection text.
  return browser.background((g, info) => g.secretPushQuickPush.menuClicked(info, undefined), {
    menuItemId: MENU_IDS.selection,
    selectionText: text,
  });
}

forEachBrowser('demo mode on a fresh install', (name, browser) => {
  it('creates a text push with a passphrase and a file push in the popup, listed in Recent pushes; each link opens in the viewer', async () => {
    // The background creates the demo token on install; the popup needs it for files.
    await demoReady(browser());
    const popup = await openPopup(browser());
    await popup.waitForSelector('::-p-aria(Secret Push[role="heading"])');
    expect(await pageText(popup)).toContain('Demo: links open only in this browser.');
    await popup.type('#sp-secret', `${name} demo secret 42`);
    expect(await valueOf(popup, 'Secret')).toBe(`${name} demo secret 42`);
    await fill(popup, 'Passphrase', 'demo-pass');
    await press(popup, 'Create push');

    const { link } = await createdLink(popup);
    expect(link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    expect(await pageText(popup)).not.toContain('could not read the request');
    await waitForRecent(popup, 1);
    expect(await revealed(browser(), link, 'demo-pass')).toBe(`${name} demo secret 42`);

    // Files work in demo mode too: the demo user has a token.
    await popup.bringToFront(); // behind the viewer's tab
    await press(popup, 'New push');
    await tab(popup, 'Files');
    await popup.waitForSelector('input[type=file]');
    expect(await pageText(popup)).not.toMatch(/needs an API token/);
    const file = await withFile('demo.txt', `${name} demo file body`, async (path) => {
      await pickFile(popup, path);
      await press(popup, 'Create push');
      return createdLink(popup);
    });
    expect(file.link).not.toBe(link);
    expect(file.link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    await waitForRecent(popup, 2);
  });

  it('the background answers a message from an extension page with the demo token', async () => {
    const page = await openPopup(browser());
    // A real message every page may send (lib/demo/messages.ts).
    const reply = await page.evaluate(() => {
      type Api = { runtime: { sendMessage(message: unknown): Promise<unknown> } };
      const api = globalThis as unknown as { browser?: Api; chrome: Api };
      return (api.browser ?? api.chrome).runtime.sendMessage({
        channel: 'secret-push',
        type: 'demo-token',
        data: undefined,
      });
    });
    expect(reply).toEqual({ res: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    await page.close();
  });

  it('says in the result, and when the link is copied, that a demo link opens only in this browser', async () => {
    const popup = await openPopup(browser());
    await popup.type('#sp-secret', `${name} demo secret 43`);
    await press(popup, 'Create push');
    await createdLink(popup);
    await waitForText(popup, `Demo link: ${ONLY_HERE}, not for the person you send it to.`);
    expect(await popup.$eval('#sp-demo-link a', (a) => (a as HTMLAnchorElement).href)).toBe(
      `${browser().base}/options.html`,
    );
    await press(popup, 'Copy link');
    await waitForText(popup, `Demo link copied: ${ONLY_HERE}`);
  });

  it('a quick push copies a demo link whose notification offers to connect a server', async () => {
    const outcome = await quickPush(browser(), `${name} quick demo 44`);
    if (outcome.status !== 'pushed') throw new Error(`not pushed: ${outcome.message}`);
    expect(outcome.copied).toBe(true);
    expect(outcome.notificationId.startsWith('quick-push:demo:')).toBe(true);
    expect(outcome.message).toMatch(/To share a secret with someone, connect a server\.$/);
    expect(await browser().clipboard()).toBe(outcome.link);
    expect(outcome.link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    expect(await revealed(browser(), outcome.link)).toBe(`${name} quick demo 44`);
  });
});
