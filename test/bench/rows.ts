/**
 * One line per budget of issue 13: the path, its figure, the reference it is compared with in the same run,
 * and the budget. `within` is false when the figure is over its budget and undefined for a row that is only
 * reported (no budget). Machines here are noisy, so a time's budget is a ratio to a reference measured in
 * the same run, alternated with it where possible.
 */
export interface BenchRow {
  /** The path, as the table names it: "Quick push", "Popup bytes", … */
  path: string;
  /** What was measured: "median 41.2 ms (20 runs)". */
  figure: string;
  /** What it is compared with in the same run: "bare API create from Node 12.3 ms". */
  reference: string;
  /** The budget in words: "≤ 150 ms and ≤ 2× the reference". */
  budget: string;
  /** true: within budget; false: over; undefined: reported only. */
  within: boolean | undefined;
}

/** The median of `values` (which must not be empty). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ratio = (value: number, reference: number): string => `${(value / reference).toFixed(2)}×`;

/** The row as one line: "✓ Quick push: median 41.2 ms — reference … — budget …". */
export function formatRow(row: BenchRow): string {
  const mark = row.within === undefined ? '·' : row.within ? '✓' : '✖';
  return `${mark} ${row.path}: ${row.figure} — reference: ${row.reference} — budget: ${row.budget}${row.within === false ? ' — OVER BUDGET' : ''}`;
}

/** The closing line: "All budgets met" only when no row is over its budget. */
export function verdict(rows: BenchRow[]): { ok: boolean; line: string } {
  const over = rows.filter((row) => row.within === false);
  return over.length === 0
    ? { ok: true, line: 'All budgets met' }
    : { ok: false, line: `${over.length} budget(s) missed: ${over.map((row) => row.path).join(', ')}` };
}
