/**
 * The activity tier's turns (refresh/schedule.ts nextActivityPages): pages with a view in the last day,
 * outside the rotation window, are read one a run in page order from the one after the last run's, so that
 * with k such pages each is read within k runs, whichever was viewed most recently.
 */
import { describe, expect, it } from 'vitest';
import { ACTIVITY_PAGES, nextActivityPages } from '@/lib/watch/refresh/schedule';

describe('nextActivityPages', () => {
  it('reads nothing when no page outside the window had a view', () => {
    expect(nextActivityPages([], undefined)).toEqual([]);
    expect(nextActivityPages([], 40)).toEqual([]);
  });

  it('starts with the lowest page, then takes the one after the page the last run read, wrapping around', () => {
    expect(ACTIVITY_PAGES).toBe(1);
    expect(nextActivityPages([200, 101], undefined)).toEqual([101]);
    expect(nextActivityPages([200, 101], 101)).toEqual([200]);
    expect(nextActivityPages([200, 101], 200)).toEqual([101]);
    // The page read last is no longer among them (its push's view is older than a day): the next one after it.
    expect(nextActivityPages([30, 150], 101)).toEqual([150]);
  });

  it('gives each of k pages a turn within k runs, whatever their order of recency', () => {
    const pages = [180, 12, 77, 140, 33];
    let last: number | undefined;
    const read: number[] = [];
    for (let run = 0; run < pages.length; run++) {
      [last] = nextActivityPages(pages, last);
      read.push(last!);
    }
    expect([...read].sort((a, b) => a - b)).toEqual([...pages].sort((a, b) => a - b));
  });
});
