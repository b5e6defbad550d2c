/**
 * Firefox has no offscreen document: the background page is a document, and with clipboardWrite it writes
 * the clipboard itself (lib/quick-push/clipboard.ts through lib/offscreen/send.ts inOffscreenOr), and keeps
 * the clipboard clearer's timer (lib/clipboard/background.ts). A quick push in demo mode, through the test
 * seam, puts its link on the clipboard; with clearing on, the link is emptied later, but only while the
 * clipboard still holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { EXT_BASE, launchFirefox, OPTIONS_READY, type Firefox } from './browser';
import { quickPushFromMenu, readClipboard } from './background';

let firefox: Firefox;
beforeAll(async () => {
  firefox = await launchFirefox();
});
afterAll(() => firefox?.close());

const PAGE = { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/handbook' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Firefox: the clipboard from the background page', () => {
  it('holds the link of a quick push, written by the background page (no offscreen document)', async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    expect(await page.evaluate(() => typeof (browser as { offscreen?: unknown }).offscreen)).toBe(
      'undefined',
    );
    await page.evaluate(() => navigator.clipboard.writeText('before'));

    const outcome = await quickPushFromMenu(page, PAGE);
    expect(outcome).toMatchObject({ status: 'pushed', copied: true });
    const link = (outcome as { link: string }).link;
    expect(link.startsWith(`${EXT_BASE}/viewer.html#/p/`)).toBe(true);
    expect(await readClipboard(page)).toBe(link);
  });

  it('clears the link later, and leaves alone what was copied since', async () => {
    const page = await firefox.open('options.html', OPTIONS_READY);
    // One second instead of the shortest choice on the options page (30 s): the timer is the same code.
    await page.evaluate(() => browser.storage.local.set({ clipboardClearSeconds: 1 }));

    const first = await quickPushFromMenu(page, PAGE);
    expect(await readClipboard(page)).toBe((first as { link: string }).link);
    await sleep(2_000);
    expect(await readClipboard(page)).toBe('');

    await quickPushFromMenu(page, PAGE);
    await page.evaluate(() => navigator.clipboard.writeText('copied by the person since'));
    await sleep(2_000);
    expect(await readClipboard(page)).toBe('copied by the person since');
  });
});
