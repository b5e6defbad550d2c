import { describe, expect, it } from 'vitest';
import { formatRow, median, verdict, type BenchRow } from './rows';

const row = (path: string, within: boolean | undefined): BenchRow => ({
  path,
  figure: '12.0 ms',
  reference: 'blank 10.0 ms',
  budget: '≤ 1.2×',
  within,
});

describe('bench rows', () => {
  it('says "All budgets met" only when no row is over its budget (a reported row is not over)', () => {
    expect(verdict([row('Popup ready', true), row('Background', undefined)])).toEqual({
      ok: true,
      line: 'All budgets met',
    });
    const missed = verdict([row('Popup ready', true), row('Popup bytes', false)]);
    expect(missed.ok).toBe(false);
    expect(missed.line).not.toContain('All budgets met');
    expect(missed.line).toContain('Popup bytes');
  });

  it('prints the figure, the reference and the budget on one line, marking a row over budget', () => {
    const line = formatRow(row('Popup ready', false));
    expect(line).toContain('12.0 ms');
    expect(line).toContain('blank 10.0 ms');
    expect(line).toContain('≤ 1.2×');
    expect(line).toContain('OVER BUDGET');
    expect(line.split('\n')).toHaveLength(1);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
