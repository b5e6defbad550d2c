/**
 * The first thing a new user does: a push in demo mode, its link, and the viewer revealing the secret. In
 * Firefox it once failed with "The server could not read the request": Firefox ESR 153 has no
 * Request.prototype.body, so the demo service in the background page read every body as empty (the cause
 * is tested in test/lib/mock/body.test.ts).
 */
import { expect, it } from 'vitest';
import { forEachBrowser } from './browsers';
import { createdLink, openPopup, pageText, press } from './steps';

forEachBrowser('demo mode on a fresh install', (name, browser) => {
  it('creates a push in the popup whose link opens in the viewer and reveals the secret', async () => {
    const popup = await openPopup(browser());
    expect(await pageText(popup)).toContain('Demo mode is on');
    await popup.type('#sp-secret', `${name} demo secret 42`);
    await press(popup, 'Create push');

    const { link } = await createdLink(popup);
    expect(link.startsWith(`${browser().base}/viewer.html#/p/`)).toBe(true);
    expect(await pageText(popup)).not.toContain('could not read the request');

    const viewer = await browser().open(
      link.slice(browser().base.length + 1),
      '::-p-aria(Reveal secret[role="button"])',
    );
    await press(viewer, 'Reveal secret');
    const secret = await viewer.waitForSelector('::-p-aria(Secret payload)');
    expect(await secret!.evaluate((el) => el.textContent)).toBe(`${name} demo secret 42`);
  });
});
