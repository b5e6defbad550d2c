/**
 * First run: installing the extension opens the welcome page by itself, in front; "Try it" makes a push in
 * demo mode through the popup's create path and opens its link in the viewer, which reveals the sample
 * secret once (the sample then expires on the demo service's side); "Connect your server" opens the
 * settings page.
 */
import type { JourneyPage } from './browsers';
import { expect, it } from 'vitest';
import { forEachBrowser } from './browsers';
import { pageText, press, waitForText } from './steps';

const SAMPLE =
  'This is a sample secret. The person you send a link to sees it here, once, and then it is gone.';

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

forEachBrowser('first run', (name, browser) => {
  it('opens the welcome page by itself on install, in front, saying demo mode is on', async () => {
    const welcome = browser().welcome;
    await welcome.waitForSelector('::-p-aria(Try it[role="button"])');
    const text = await pageText(welcome);
    expect(text).toContain('Welcome to Secret Push');
    expect(text).toContain('Demo mode is on.');
    expect(text).toContain('Nothing leaves your computer');
    expect(await welcome.evaluate(() => document.visibilityState)).toBe('visible');
  });

  it('Try it creates a push in demo mode whose link opens in the viewer and reveals the sample', async () => {
    const welcome = browser().welcome;
    await press(welcome, 'Try it');
    const viewer = await browser().opened(`${browser().base}/viewer.html#/p/`);
    await waitForText(welcome, 'Sample push created. Its link opened in a new tab.');

    // The tab may still be on its first about:blank for a moment (Chromium names the target first).
    await viewer.waitForFunction(() => location.href.includes('/viewer.html#/p/'));
    const link = await viewer.evaluate(() => location.href);
    const urlToken = /\/p\/([^/#?]+)/.exec(link)![1]!;
    const before = await demoPushInfo(welcome, urlToken);
    expect(before).toMatchObject({ kind: 'text', live: true });

    await viewer.click('::-p-aria(Reveal secret[role="button"])');
    const secret = await viewer.waitForSelector('::-p-aria(Secret payload)');
    expect(await secret!.evaluate((el) => el.textContent)).toBe(SAMPLE);
    // The demo service counted the view: the reveal was a real retrieval, not a page showing a copy. The
    // sample has one view, whatever the defaults: after it the push is expired (its payload erased).
    expect(before.views_remaining).toBe(1);
    expect(await demoPushInfo(welcome, urlToken)).toMatchObject({ live: false, views_remaining: 0 });
  });

  it(`Connect your server opens the settings page${name === 'firefox' ? ' (in a tab, as open_in_tab asks)' : ''}`, async () => {
    // Back on the welcome tab, as a person would come back to it from the viewer's tab.
    await browser().welcome.bringToFront();
    await press(browser().welcome, 'Connect your server');
    const options = await browser().opened(`${browser().base}/options.html`);
    // The settings page is up once its server choice is (test/firefox waits for the same).
    await options.waitForSelector('#server-choice');
  });
});
