import { describe, expect, it } from 'vitest';
import {
  inIssueOrder,
  ISSUE_ROWS,
  median,
  pairedInterval,
  pairedRatio,
  pairedRuns,
  ratioOf,
  swingLine,
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

describe("how far a paired ratio would move in the next run (issue 40: why a row's verdict swings)", () => {
  // 30 pairs whose own ratios run from 1.10 to 1.39 evenly: the median is 1.245.
  const floors = Array.from({ length: 30 }, () => 20);
  const spreadFigures = floors.map((floor, i) => floor * (1.1 + i * 0.01));

  it('is the 90 % bootstrap interval of the median ratio: around it, narrower than the runs, the same each time', () => {
    const [low, high] = pairedInterval(spreadFigures, floors);
    const ratio = pairedRatio(spreadFigures, floors);
    expect(ratio).toBeCloseTo(1.245);
    expect(low).toBeLessThan(ratio);
    expect(high).toBeGreaterThan(ratio);
    expect(low).toBeGreaterThan(1.15); // far inside the runs' own 1.10–1.39
    expect(high).toBeLessThan(1.34);
    expect(pairedInterval(spreadFigures, floors)).toEqual([low, high]); // seeded: the same runs, the same interval
    // What a row spreads into its measure: both from the same runs.
    expect(pairedRuns(spreadFigures, floors)).toEqual({ paired: ratio, interval: [low, high] });
    // Runs that agree leave no room to move.
    expect(pairedInterval([24, 24, 24, 24], [20, 20, 20, 20])).toEqual([1.2, 1.2]);
    expect(() => pairedInterval([1, 2], [1])).toThrow('differ');
  });

  it('names, before the closing line, each row whose budget lies inside that interval, and no other', () => {
    const interval = pairedInterval(spreadFigures, floors);
    const row = (max: number, name: Row['name']): Row => ({
      ...timed(12.45, { kind: 'ratio', max }, name),
      paired: pairedRatio(spreadFigures, floors),
      interval,
    });
    const line = swingLine([
      row(1.25, 'Popup ready'),
      row(1.4, 'Quick push, cold'),
      row(1.27, 'Create → link'),
    ]);
    expect(line).toContain('Popup ready (');
    expect(line).toContain('Create → link (');
    expect(line).not.toContain('Quick push, cold'); // 1.4 is past the whole interval: within, run after run
    expect(line).toContain(`${interval[0].toFixed(2)}–${interval[1].toFixed(2)}× around ≤ 1.25× floor`);
    expect(swingLine([row(1.4, 'Quick push, cold')])).toBeUndefined();
    // A further measure at its budget is named by what it is against.
    const peer: Row = {
      ...row(1.4, 'Create → link'),
      also: [
        { ...row(1.25, 'Create → link'), budget: { kind: 'ratio', max: 1.25, of: 'the official extension' } },
      ],
    };
    expect(swingLine([peer])).toContain('Create → link against the official extension (');
    expect(tableLine(row(1.25, 'Popup ready'))).toContain(
      `1.25× (paired runs, 90 % ${interval[0].toFixed(2)}–${interval[1].toFixed(2)}×)`,
    );
  });
});

describe('median', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
