/**
 * Alarms in Firefox ESR 153 have no minimum period: an alarm of 0.1 minutes is kept as asked and fires
 * every 6 s (Chrome stretches anything under 30 s). The watcher therefore sets its own bounds
 * (lib/watch/background/alarm.ts): the interval chosen on the options page is the alarm's period, and a stored
 * interval outside the choices offered is clamped to them, as it is in Chrome.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { useFirefox } from './setup';

const WATCH_ALARM = 'watch-refresh';
const firefox = useFirefox();

/** The period of the alarm named `name`, once it is `expected` (or what it is after 5 s). */
async function periodOf(page: Page, name: string, expected: number): Promise<number | undefined> {
  const handle = await page
    .waitForFunction(
      async (name, expected) => (await browser.alarms.get(name))?.periodInMinutes === expected,
      { timeout: 5_000 },
      name,
      expected,
    )
    .catch(() => undefined);
  await handle?.dispose();
  return page.evaluate(async (name) => (await browser.alarms.get(name))?.periodInMinutes, name);
}

describe('Firefox: the watcher alarm', () => {
  it('Firefox keeps a period under a minute as asked: it has no minimum of its own', async () => {
    const page = await firefox().options();
    const fired = await page.evaluate(async () => {
      const started = Date.now();
      const times: number[] = [];
      let twice!: () => void;
      const firedTwice = new Promise<void>((resolve) => (twice = resolve));
      const count = (alarm: { name: string }) => {
        if (alarm.name === 'probe' && times.push(Date.now()) >= 2) twice();
      };
      browser.alarms.onAlarm.addListener(count);
      await browser.alarms.create('probe', { periodInMinutes: 0.02, delayInMinutes: 0.02 });
      const period = (await browser.alarms.get('probe'))?.periodInMinutes;
      // Until it has fired twice (polled by the alarm itself), or Chrome's 30 s minimum would have shown.
      await Promise.race([firedTwice, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      await browser.alarms.clear('probe');
      browser.alarms.onAlarm.removeListener(count);
      return { period, times: times.length, secondAfter: (times[1] ?? Infinity) - started };
    });
    // 0.02 minutes is 1.2 s: Firefox fires it twice in about 2.4 s, where Chrome would wait 30 s for one.
    expect(fired.period).toBe(0.02);
    expect(fired.times).toBe(2);
    expect(fired.secondAfter).toBeLessThan(10_000);
  });

  it('runs every minute by default, and at the interval chosen on the options page', async () => {
    const page = await firefox().options('#watch-interval');
    expect(await periodOf(page, WATCH_ALARM, 1)).toBe(1);
    await page.select('#watch-interval', '15');
    expect(await periodOf(page, WATCH_ALARM, 15)).toBe(15);
  });

  it('clamps a stored interval outside the choices offered, where Firefox would not', async () => {
    const page = await firefox().options('#watch-interval');
    const store = (intervalMinutes: number) =>
      page.evaluate(
        (intervalMinutes) =>
          browser.storage.local.set({
            watchSettings: { intervalMinutes, notifications: true, badge: 'unseen' },
          }),
        intervalMinutes,
      );
    await store(0.1);
    expect(await periodOf(page, WATCH_ALARM, 1)).toBe(1);
    await store(600);
    expect(await periodOf(page, WATCH_ALARM, 60)).toBe(60);
  });
});
