/**
 * The popup fits (issue 20): Chrome caps a popup at 600 px high, so at 380 px wide the default state, demo
 * mode included, shows whole with no scroll; with More options open, Create push stays on screen.
 */
import { expect, it } from 'vitest';
import type { JourneyPage } from './browsers';
import { forEachBrowser } from './browsers';
import { openPopup, press } from './steps';

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

forEachBrowser('the popup at 380 × 600', (_name, browser) => {
  it('shows the default form in demo mode whole, with no scroll', async () => {
    const popup = await openPopup(browser());
    await popup.setViewport({ width: 380, height: 600 });
    await popup.waitForFunction(() => document.body.innerText.includes('Demo'));
    const size = await measure(popup);
    expect(size.height).toBeLessThanOrEqual(600);
    expect(size.width).toBeLessThanOrEqual(380);
    expect(size.createVisible).toBe(true);
  });

  it('keeps Create push on screen with More options open', async () => {
    const popup = await openPopup(browser());
    await popup.setViewport({ width: 380, height: 600 });
    await popup.click('summary::-p-text(More options)');
    await popup.waitForSelector('#sp-note');
    expect((await measure(popup)).createVisible).toBe(true);
    await press(popup, 'Create push');
  });
});
