/**
 * Steps of the keyboard-only journeys (issue 37): where the focus is, a key pressed as a person would, Tab
 * until something has the focus, and what the page's one live region (#sp-live) says.
 */
import type { JourneyPage } from './browsers';

/** What has the focus: its tag, its accessible words, and whether it is inside an open dialog. */
export const focused = (page: JourneyPage) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      id: el?.id ?? '',
      words: (el?.getAttribute('aria-label') ?? el?.innerText ?? '').trim(),
      label: el?.closest('label')?.innerText.trim() ?? '',
      inDialog: Boolean(el?.closest('dialog[open]')),
      className: el?.className ?? '',
    };
  });

/** What `focused` gives. */
export type Focused = Awaited<ReturnType<typeof focused>>;

/** Every key a journey presses (a Shift+Tab is one), counted to hold the keyboard's cost of a task. */
export const keys = { pressed: 0 };

/** Presses `key` (with Shift when `shift`) and returns what has the focus after it. */
export async function key(page: JourneyPage, name: string, shift = false): Promise<Focused> {
  keys.pressed++;
  if (shift) await page.keyboard.down('Shift');
  await page.keyboard.press(name);
  if (shift) await page.keyboard.up('Shift');
  return focused(page);
}

/** Tabs forward, as a person would, until `wanted` has the focus (at most `max` presses). */
export async function tabTo(page: JourneyPage, wanted: (f: Focused) => boolean, max = 60): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    const now = await key(page, 'Tab');
    if (wanted(now)) return now;
  }
  throw new Error(`Tab never reached it; focus is on ${JSON.stringify(await focused(page))}`);
}

/** What the page's one live region says now. */
export const liveText = (page: JourneyPage) => page.$eval('#sp-live', (el) => el.textContent ?? '');
