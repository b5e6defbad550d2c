import { describe, expect, it } from 'vitest';
import {
  inIssueOrder,
  ISSUE_ROWS,
  median,
  pairedRatio,
  ratioOf,
  tableLine,
  verdict,
  within,
  type Budget,
  type Row,
} from './rows';

/** A time row: `figure` ms against a floor of 10 ms. */
const timed = (figure: number, budget: Budget, name: Row['name'] = 'Popup ready'): Row => ({
  name,
  figure: { value: figure, unit: 'ms', what: 'open → input' },
  floor: { value: 10, unit: 'ms', what: 'styled blank page' },
  budget,
});

describe('a row against its floor', () => {
  it('is within a ratio budget up to the ratio itself, and over just past it', () => {
    expect(within(timed(12.5, { kind: 'ratio', max: 1.25 }))).toBe(true);
    expect(within(timed(12.6, { kind: 'ratio', max: 1.25 }))).toBe(false);
    expect(ratioOf(timed(13.5, { kind: 'ratio', max: 1.25 }))).toBeCloseTo(1.35);
  });

  it('holds a strict budget below it: the heap must stay under twice the file', () => {
    const heap = (peak: number): Row => ({
      name: 'File upload, 50 MiB',
      figure: { value: peak, unit: 'MiB', what: 'peak heap' },
      floor: { value: 50, unit: 'MiB', what: 'the file' },
      budget: { kind: 'ratio', max: 2, of: 'the file', strict: true },
    });
    expect(within(heap(99.9))).toBe(true);
    expect(within(heap(100))).toBe(false);
  });

  it('judges a limit budget by the figure alone, the floor only shown, and its ratio is to the limit', () => {
    const row = timed(160, { kind: 'limit', max: 150 }, 'Dashboard, first screen');
    expect(within(row)).toBe(false);
    expect(within({ ...row, floor: { value: 500, unit: 'ms', what: 'blank' } })).toBe(false);
    expect(ratioOf(row)).toBeCloseTo(160 / 150);
    expect(within(timed(150, { kind: 'limit', max: 150 }))).toBe(true);
  });

  it('is neither within nor over when only reported, though its ratio to the floor is shown', () => {
    const row = timed(5.7, { kind: 'reported' }, 'Background');
    expect(within(row)).toBeUndefined();
    expect(ratioOf(row)).toBeCloseTo(0.57);
    expect(tableLine(row)).toContain('0.57×');
  });

  it('refuses a ratio budget without a floor in the same unit', () => {
    const row = timed(12, { kind: 'ratio', max: 1.2 });
    expect(() => within({ ...row, floor: undefined })).toThrow('needs a floor');
    expect(() => within({ ...row, floor: { value: 1, unit: 'KB', what: 'bytes' } })).toThrow('needs a floor');
  });

  it('is over when any further measure or check is over, though its main figure is within', () => {
    const time = timed(10.5, { kind: 'ratio', max: 1.1 }, 'File upload, 50 MiB');
    expect(within(time)).toBe(true);
    const heavy = {
      figure: { value: 120, unit: 'MiB' as const, what: 'peak heap' },
      floor: { value: 50, unit: 'MiB' as const, what: 'the file' },
      budget: { kind: 'ratio' as const, max: 2, strict: true },
    };
    expect(within({ ...time, also: [heavy] })).toBe(false);
    const late = { budget: 'found at the next run', figure: 'found after 3 runs', ok: false };
    expect(within({ ...time, checks: [late] })).toBe(false);
    const reported = timed(5, { kind: 'reported' }, 'Background');
    expect(within({ ...reported, checks: [{ ...late, ok: true }] })).toBe(true);
    expect(within({ ...reported, checks: [late] })).toBe(false);
  });
});

describe('the printed table', () => {
  it('prints one line with the figure, the floor, the budget and the ratio, and marks a row over', () => {
    const line = tableLine(timed(13.5, { kind: 'ratio', max: 1.25 }));
    expect(line.split('\n')).toHaveLength(1);
    expect(line.split(' | ').map((cell) => cell.trim())).toEqual([
      '| Popup ready',
      '13.5 ms open → input',
      '10.0 ms styled blank page',
      '≤ 1.25× floor',
      '1.35×',
      '✖ OVER |',
    ]);
  });

  it('puts further measures and checks in the same cells, a failed check marked', () => {
    const row: Row = {
      ...timed(10, { kind: 'limit', max: 10 }, 'Watcher run'),
      figure: { value: 10, unit: 'requests', what: 'list, the worst run' },
      floor: undefined,
      checks: [
        { budget: 'a push viewed in the last day at the next run', figure: 'found after 1, 3', ok: false },
      ],
    };
    const line = tableLine(row);
    expect(line).toContain('10 requests list, the worst run; ✖ found after 1, 3');
    expect(line).toContain('≤ 10 requests; a push viewed in the last day at the next run');
    expect(line).toContain('1.00× of the limit');
    expect(line).toContain('✖ OVER');
  });

  it("orders rows as the issue's table does", () => {
    const rows = [
      timed(1, { kind: 'reported' }, 'Background'),
      timed(1, { kind: 'reported' }, 'Quick push, warm'),
      timed(1, { kind: 'reported' }, 'Popup ready'),
    ];
    expect(inIssueOrder(rows).map((row) => row.name)).toEqual([
      'Quick push, warm',
      'Popup ready',
      'Background',
    ]);
  });
});

describe('the closing line', () => {
  const all = ISSUE_ROWS.map((name) => timed(10, { kind: 'ratio', max: 1.2 }, name));

  it('says "All budgets met" only when no row is over (a reported row is not over)', () => {
    expect(verdict(all, ISSUE_ROWS)).toEqual({ ok: true, line: 'All budgets met' });
    const reported = [...all.slice(1), timed(99, { kind: 'reported' }, 'Quick push, warm')];
    expect(verdict(reported, ISSUE_ROWS).ok).toBe(true);
    const missed = verdict([...all.slice(1), timed(13, { kind: 'ratio', max: 1.2 }, 'Quick push, warm')]);
    expect(missed.ok).toBe(false);
    expect(missed.line).not.toContain('All budgets met');
    expect(missed.line).toContain('Quick push, warm');
  });

  it('is not met in a full run that left a row out', () => {
    const partial = verdict(all.slice(1), ISSUE_ROWS);
    expect(partial).toEqual({ ok: false, line: 'not measured: Quick push, warm' });
    expect(verdict(all.slice(1)).ok).toBe(true); // `npm run bench -- popup`: only what was asked for
  });
});

describe('paired runs', () => {
  it("judge a row by the median of each run's own ratio when the runs were paired with the floor's", () => {
    // Load drifts: the first pairs ran slow, the last fast; each pair saw the same load.
    const figures = [40, 41, 12, 12, 12];
    const floors = [28, 29, 10.5, 10, 10];
    expect(median(figures) / median(floors)).toBeCloseTo(1.14); // the medians' ratio would pass 1.15
    expect(pairedRatio(figures, floors)).toBeCloseTo(1.2);
    const row = { ...timed(12, { kind: 'ratio', max: 1.15 }), paired: pairedRatio(figures, floors) };
    expect(ratioOf(row)).toBeCloseTo(1.2);
    expect(within(row)).toBe(false);
    expect(tableLine(row)).toContain('1.20× (paired runs)');
    expect(() => pairedRatio([1, 2], [1])).toThrow('differ');
  });
});

describe('median', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
