/** Each path's rows: which floor each figure is held to, as issue 22 sets them (rows.ts judges). */
import { describe, expect, it } from 'vitest';
import { createRows, type CreateFigures } from './create';
import { dashboardRows } from './dashboard';
import type { DashboardFigures } from './dashboard';
import { popupRows, type PopupFigures } from './popup';
import { quickPushRows, sizedBlankExtension, type QuickPushFigures } from './quick';
import { watcherRows, type WatcherFigures } from './refresh';
import { ratioOf, tableLine, within } from './rows';
import { uploadRows, type UploadFigures } from './upload';

const quick: QuickPushFigures = {
  warmMs: 8.9,
  warmHandlerMs: 10,
  workerFetchMs: 5.4,
  selectionReadMs: 1.2,
  coldMs: 32.6,
  wakeMs: 18,
  coldHandlerMs: 14.3,
  blankWakeMs: 10.8,
  warmRatio: 8.9 / 6.6,
  coldRatio: 32.6 / 19.7,
  runs: 20,
};

describe('quick push', () => {
  it('holds warm to 1.2× a bare selection read + a bare worker fetch, cold to 1.3× a blank wake + warm', () => {
    const [warm, cold] = quickPushRows(quick);
    expect(warm!.floor!.value).toBeCloseTo(6.6);
    expect(ratioOf(warm!)).toBeCloseTo(8.9 / 6.6);
    expect(within(warm!)).toBe(false); // issue 22's figures: 1.35×
    expect(cold!.floor!.value).toBeCloseTo(19.7);
    expect(within(cold!)).toBe(false); // 1.65×
    const fast = { ...quick, warmMs: 7.9, coldMs: 24, warmRatio: 7.9 / 6.6, coldRatio: 24 / 19.7 };
    const [fastWarm, fastCold] = quickPushRows(fast);
    expect([within(fastWarm!), within(fastCold!)]).toEqual([true, true]);
    // Judged by the runs' own ratios (each beside its floor), not by the ratio of the medians.
    const [pairedWarm] = quickPushRows({ ...fast, warmRatio: 1.3 });
    expect(ratioOf(pairedWarm!)).toBe(1.3);
    expect(within(pairedWarm!)).toBe(false);
  });
});

describe('quick push, cold: the script size reference', () => {
  it("says what the script's size alone costs a wake, as a share of the floor, without judging it", () => {
    const sized = { ...quick, sizedWakeMs: 14.8, scriptBytes: 171_826 };
    const [, cold] = quickPushRows(sized);
    expect(cold!.note).toContain("background.js's 167.8 KB unrun wakes in 14.8 ms");
    expect(cold!.note).toContain('0.20× of the floor'); // (14.8 − 10.8) / 19.7
    expect(within(cold!)).toBe(within(quickPushRows(quick)[1]!));
    expect(quickPushRows(quick)[1]!.note).not.toContain('unrun');
  });

  it('carries the script as a function nothing calls, so it parses and none of it runs', () => {
    const worker = sizedBlankExtension('globalThis.ran = true; (() => { throw new Error("ran"); })();')[
      'sized-worker.js'
    ]!;
    const listened: unknown[] = [];
    const chrome = { runtime: { onMessage: { addListener: (f: unknown) => listened.push(f) } } };
    const scope: Record<string, unknown> = {};
    new Function('chrome', 'globalThis', worker)(chrome, scope);
    expect(listened).toHaveLength(1);
    expect(scope).toEqual({ benchAwake: true });
  });
});

describe('popup', () => {
  const figures = (ready: number, gzipBytes: number): PopupFigures => ({
    files: [{ file: '/popup.js', bytes: gzipBytes * 3, gzipBytes }],
    gzipBytes,
    readyMs: { popup: ready, blank: 30, styled: 46.6, runs: 15 },
    readyRatio: ready / 46.6,
  });

  it("holds ready to 1.25× the blank page with the popup's stylesheet, not the bare blank page", () => {
    const [ready] = popupRows(figures(58, 30_000));
    expect(ready!.floor!.value).toBe(46.6);
    expect(within(ready!)).toBe(true);
    expect(within(popupRows(figures(70.4, 30_000))[0]!)).toBe(false);
  });

  it('guards the bytes at open at 32 KB gzipped, the polyfill included and shown', () => {
    const [, bytes] = popupRows(figures(50, 34.2 * 1024));
    expect(bytes!.figure.value).toBeCloseTo(34.2);
    expect(within(bytes!)).toBe(false);
    expect(bytes!.floor!.what).toContain('webextension-polyfill');
    expect(within(popupRows(figures(50, 32 * 1024))[1]!)).toBe(true);
  });
});

describe('create → link', () => {
  /** Five runs of each: ours, the bare fetch and the official extension, each run one POST a side. */
  const figures = (ours: number[], peer = [50, 50, 50, 50, 50]): CreateFigures => ({
    runs: 5,
    oursRuns: ours,
    bareRuns: [40, 40, 40, 40, 40],
    peerRuns: peer,
    posts: { ours: [1, 1, 1, 1, 1], peer: [1, 1, 1, 1, 1] },
    others: { ours: [], peer: [] },
  });
  const judged = (f: CreateFigures) => {
    const [row] = createRows(f);
    return { row: row!, also: row!.also![0]! };
  };

  it('holds ours to 1.2× one bare fetch of the same create, judged by the paired runs', () => {
    const { row } = judged(figures([48, 48, 48, 48, 48]));
    expect(ratioOf(row)).toBeCloseTo(1.2);
    expect(within(row)).toBe(true);
    expect(within(judged(figures([49, 49, 49, 49, 49])).row)).toBe(false);
    // The median of the runs' own ratios, not the ratio of the medians.
    const paired = judged({ ...figures([48, 48, 48, 48, 48]), bareRuns: [30, 30, 30, 40, 40] }).row;
    expect(ratioOf(paired)).toBeCloseTo(48 / 30);
    expect(within(paired)).toBe(false);
  });

  it('is over when ours is slower than the official extension, and shows ours / theirs on the row', () => {
    const { row, also } = judged(figures([48, 48, 48, 48, 48], [45, 45, 45, 45, 45]));
    expect(ratioOf(also)).toBeCloseTo(48 / 45);
    expect(within(row)).toBe(false);
    expect(tableLine(row)).toContain('1.07× (paired runs, 90 % 1.07–1.07×)');
    expect(within(judged(figures([48, 48, 48, 48, 48], [48, 48, 48, 48, 48])).row)).toBe(true);
  });

  it('is over when a push took more than one POST on either side, or a run was not counted', () => {
    const base = figures([44, 44, 44, 44, 44]);
    expect(within(judged(base).row)).toBe(true);
    expect(within(judged({ ...base, posts: { ...base.posts, ours: [1, 1, 2, 1, 1] } }).row)).toBe(false);
    expect(within(judged({ ...base, posts: { ...base.posts, peer: [1, 1, 1, 1, 0] } }).row)).toBe(false);
    expect(within(judged({ ...base, posts: { ...base.posts, peer: [1, 1, 1, 1] } }).row)).toBe(false);
  });
});

describe('file upload', () => {
  const MIB = 1024 * 1024;
  const figures = (popupMs: number, peak: number): UploadFigures => ({
    bytes: 50 * MIB,
    runs: 7,
    popupMs,
    bareMs: 231.3,
    popupRuns: [popupMs],
    bareRuns: [231.3],
    heap: { peak, used: peak, backing: 0, before: 2 * MIB, samples: 40 },
  });

  it('holds the time to 1.1× one bare XHR and the heap under twice the file, on one line', () => {
    const [row] = uploadRows(figures(242.5, 20 * MIB));
    expect(ratioOf(row!)).toBeCloseTo(1.05, 2);
    expect(within(row!)).toBe(true);
    expect(within(uploadRows(figures(260, 20 * MIB))[0]!)).toBe(false);
    expect(within(uploadRows(figures(242.5, 100 * MIB))[0]!)).toBe(false);
  });
});

describe('dashboard', () => {
  // Each run paired with a blank page of 100 ms but the last, which a loaded moment slowed to 300 ms.
  const figures = (pushes: number, renders: number[], keystroke: number): DashboardFigures => ({
    pushes,
    renderMs: renders[Math.floor(renders.length / 2)]!,
    blankMs: 100,
    renderRuns: renders,
    blankRuns: renders.map((_, i) => (i === renders.length - 1 ? 300 : 100)),
    keystrokeMs: { narrow: keystroke, widen: keystroke / 2 },
    runs: renders.length,
  });

  it('holds the first screen to 2× the blank page in paired runs and a keystroke to 16 ms, at 10,000 cached pushes only', () => {
    const fast = figures(10_000, [180, 190, 200, 210, 560], 12);
    expect(ratioOf(dashboardRows(fast)[0]!)).toBeCloseTo(1.9, 2);
    expect(dashboardRows(fast).map(within)).toEqual([true, true]);
    expect(dashboardRows(figures(10_000, [220, 230, 240, 250, 260], 22)).map(within)).toEqual([false, false]);
    expect(dashboardRows(figures(500, [120, 120, 130, 130, 140], 6.7)).map(within)).toEqual([false, false]);
  });
});

describe('watcher run', () => {
  const run = { list: 10, audit: 0, found: 0, ms: 900 };
  const figures = (again: number | undefined): WatcherFigures => ({
    pushes: 10_000,
    syncRuns: 29,
    syncedAll: true,
    viewed: [
      { page: 1, first: { runs: 1, bound: 1 }, again: { runs: 1, bound: 1 } },
      { page: 101, first: { runs: 12, bound: 40 }, again: { runs: again, bound: 1 } },
    ],
    runs: [run, run, { ...run, audit: 2, found: 2 }],
  });

  it('is within at 10 list requests a run, an audit per view found and every view found in time', () => {
    expect(within(watcherRows(figures(1))[0]!)).toBe(true);
  });

  it('is over when a push viewed in the last day is found later than the next run, or not at all', () => {
    expect(within(watcherRows(figures(2))[0]!)).toBe(false);
    expect(within(watcherRows(figures(undefined))[0]!)).toBe(false);
  });

  it('is over past 10 list requests in one run, or past one audit per view found and the sweep', () => {
    const base = figures(1);
    expect(within(watcherRows({ ...base, runs: [...base.runs, { ...run, list: 11 }] })[0]!)).toBe(false);
    expect(within(watcherRows({ ...base, runs: [{ ...run, audit: 4 }] })[0]!)).toBe(false);
    expect(within(watcherRows({ ...base, syncedAll: false })[0]!)).toBe(false);
  });
});
