/**
 * Firefox has no offscreen document: the background page is a document, and with clipboardWrite it writes
 * the clipboard itself (lib/quick-push/clipboard.ts through lib/offscreen/send.ts inOffscreenOr), and keeps
 * the clipboard clearer's timer (lib/clipboard/background.ts). A quick push in demo mode, through the test
 * seam, puts its link on the clipboard; with clearing on, the link is emptied later, but only while the
 * clipboard still holds it.
 */
import { describe, expect, it, vi } from 'vitest';
import { E2E_CLEAR_MS_PER_SECOND } from '@/lib/clipboard/delay';
import { MENU_IDS } from '@/lib/quick-push/menus';
import { EXT_BASE } from './browser';
import { linkOf, quickPushFromMenu, readClipboard, useFirefox } from './setup';

const firefox = useFirefox();

const PAGE = { menuItemId: MENU_IDS.page, pageUrl: 'https://example.com/handbook' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Firefox: the clipboard from the background page', () => {
  it('holds the link of a quick push, written by the background page (no offscreen document)', async () => {
    const page = await firefox().options();
    expect(await page.evaluate(() => typeof (browser as { offscreen?: unknown }).offscreen)).toBe(
      'undefined',
    );
    await page.evaluate(() => navigator.clipboard.writeText('before'));

    const outcome = await quickPushFromMenu(page, PAGE);
    expect(outcome).toMatchObject({ status: 'pushed', copied: true });
    const link = linkOf(outcome);
    expect(link.startsWith(`${EXT_BASE}/viewer.html#/p/`)).toBe(true);
    expect(await readClipboard(page)).toBe(link);
  });

  it('clears the link later, and leaves alone what was copied since', async () => {
    const page = await firefox().options();
    // The shortest choice on the options page, 30 s, which the test build counts as 30 × 50 ms.
    await page.evaluate(() => browser.storage.local.set({ clipboardClearSeconds: 30 }));
    const delay = 30 * E2E_CLEAR_MS_PER_SECOND;

    const first = await quickPushFromMenu(page, PAGE);
    expect(await readClipboard(page)).toBe(linkOf(first));
    await vi.waitFor(async () => expect(await readClipboard(page)).toBe(''), { timeout: 4 * delay });

    await quickPushFromMenu(page, PAGE);
    await page.evaluate(() => navigator.clipboard.writeText('copied by the person since'));
    // Past the clear's time with room to spare: it has run, and kept what the person copied.
    await sleep(3 * delay);
    expect(await readClipboard(page)).toBe('copied by the person since');
  });
});
