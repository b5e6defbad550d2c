/**
 * The first thing a Firefox user does on a fresh install: a push in demo mode, its link, and the viewer
 * revealing the secret. It once failed with "The server could not read the request": Firefox ESR 153 has
 * no Request.prototype.body, so the demo service in the background page read every body as empty (the
 * cause, tested in test/lib/mock/body.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXT_BASE, launchFirefox, pageText, type Firefox } from './browser';

let firefox: Firefox;
beforeAll(async () => {
  firefox = await launchFirefox();
});
afterAll(() => firefox?.close());

describe('Firefox: demo mode on a fresh install', () => {
  it('creates a push in the popup whose link opens in the viewer and reveals the secret', async () => {
    const popup = await firefox.open('popup.html', '#sp-secret');
    expect(await pageText(popup)).toContain('Demo mode is on');
    await popup.type('#sp-secret', 'firefox demo secret 42');
    await popup.locator('::-p-aria(Create push[role="button"])').click();

    await popup.waitForSelector('::-p-aria(Secret link)');
    const link = await popup.$eval('#sp-link', (input) => (input as HTMLInputElement).value);
    expect(link.startsWith(`${EXT_BASE}/viewer.html#/p/`)).toBe(true);
    expect(await pageText(popup)).not.toContain('could not read the request');

    const viewer = await firefox.open(
      link.slice(EXT_BASE.length + 1),
      '::-p-aria(Reveal secret[role="button"])',
    );
    await viewer.locator('::-p-aria(Reveal secret[role="button"])').click();
    const secret = await viewer.waitForSelector('::-p-aria(Secret payload)');
    expect(await secret!.evaluate((el) => el.textContent)).toBe('firefox demo secret 42');
  });
});
