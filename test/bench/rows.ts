/**
 * The rows of issue 22's table, and the one place that judges them. A row carries its figure, the floor (or
 * reference) measured in the same run, and its budget: a ratio to that floor, a fixed limit, or reported
 * only. `within` and the ratio are computed here, never by the measuring files, so every row is judged the
 * same way. Machines here are noisy: a time's budget is a ratio to a floor measured in the same run,
 * alternated with it where possible.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** The rows of issue 22's table, in its order: the table is printed in it. */
export const ISSUE_ROWS = [
  'Quick push, warm',
  'Quick push, cold',
  'Popup ready',
  'Create → link',
  'File upload, 50 MiB',
  'Dashboard, first screen',
  'Dashboard, keystroke',
  'Watcher run',
  'Popup bytes',
  'Background',
] as const;
export type RowName = (typeof ISSUE_ROWS)[number];

export type Unit = 'ms' | 'KB' | 'MiB' | 'requests';

/** A measured amount and what it is, in words: `{ value: 6.6, unit: 'ms', what: 'bare fetch 5.4 + …' }`. */
export interface Amount {
  value: number;
  unit: Unit;
  what: string;
}

/**
 * `ratio`: the figure ≤ (or, `strict`, <) max × the floor, which the budget calls `of` ("floor" unless
 * said). `limit`: the figure ≤ max, in the figure's unit. `reported`: no budget.
 */
export type Budget =
  | { kind: 'ratio'; max: number; of?: string; strict?: boolean }
  | { kind: 'limit'; max: number; strict?: boolean }
  | { kind: 'reported' };

/** One figure against its floor and budget. */
export interface Measure {
  figure: Amount;
  /** The floor or reference from the same run; a ratio budget needs one. */
  floor?: Amount;
  budget: Budget;
  /**
   * When each run of the figure was paired with a run of the floor beside it: the median of the runs' own
   * ratios (pairedRatio), judged instead of figure / floor. On a loaded machine the load drifts between
   * runs, and a pair sees the same load.
   */
  paired?: number;
  /**
   * How far `paired` would move were the same number of pairs run again: its 90 % bootstrap interval
   * (pairedInterval). A budget inside it is one the next run may land on either side of.
   */
  interval?: Interval;
}

/** The low and high ends of a 90 % interval of a paired ratio. */
export type Interval = [low: number, high: number];

/** A condition of the row that is not one number: what it asks, what was seen, whether it holds. */
export interface Check {
  /** "every viewed push found within its freshness" */
  budget: string;
  /** "found after 1, 1 and 3 runs (bounds 1, 1, 29)" */
  figure: string;
  ok: boolean;
}

/** One line of issue 22's table: its main measure, any further ones (heap beside time), and checks. */
export interface Row extends Measure {
  name: RowName;
  also?: Measure[];
  checks?: Check[];
  /** Details printed before the table (medians' parts, run counts). */
  note?: string;
}

/**
 * The figure over what the budget compares it with: the floor for a ratio budget (or a reported row with a
 * floor in the same unit), the limit for a limit budget; undefined when there is nothing to divide by.
 */
export function ratioOf(measure: Measure): number | undefined {
  const { figure, floor, budget } = measure;
  if (budget.kind === 'limit') return figure.value / budget.max;
  if (!floor || floor.unit !== figure.unit) return undefined;
  return measure.paired ?? figure.value / floor.value;
}

/** The median of figures[i] / floors[i]: each run over the floor's run beside it. */
export function pairedRatio(figures: number[], floors: number[]): number {
  if (figures.length !== floors.length) throw new Error('paired runs differ in number');
  return median(figures.map((figure, i) => figure / floors[i]!));
}

/** Resamples drawn for pairedInterval: enough for the 5th and 95th percentiles to settle to 0.01×. */
const RESAMPLES = 2000;

/**
 * The 90 % bootstrap interval of pairedRatio(figures, floors): the pairs drawn again with replacement
 * RESAMPLES times, the median ratio of each draw, and the 5th and 95th percentiles of those medians. Drawn
 * with a fixed seed, so the same runs always print the same interval. What it shows (issue 40): where a row's
 * verdict swings from one run to the next, because its budget lies inside this spread.
 */
export function pairedInterval(figures: number[], floors: number[]): Interval {
  if (figures.length !== floors.length) throw new Error('paired runs differ in number');
  const ratios = figures.map((figure, i) => figure / floors[i]!);
  const random = seeded(0x5ec2e7);
  const medians: number[] = [];
  for (let draw = 0; draw < RESAMPLES; draw++)
    medians.push(median(ratios.map(() => ratios[Math.floor(random() * ratios.length)]!)));
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(RESAMPLES * 0.05)]!, medians[Math.ceil(RESAMPLES * 0.95) - 1]!];
}

/**
 * A row's judgement of paired runs, its two fields from the same runs: the median ratio (pairedRatio) and
 * its 90 % interval (pairedInterval), to spread into a Measure.
 */
export function pairedRuns(figures: number[], floors: number[]): { paired: number; interval: Interval } {
  return { paired: pairedRatio(figures, floors), interval: pairedInterval(figures, floors) };
}

/** A small seeded generator of numbers in [0, 1) (mulberry32): the bench's resampling only. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The measures of `row` whose paired interval holds their ratio budget: the next run may judge them otherwise. */
export function atBudget(row: Row): Array<{ measure: Measure; interval: Interval }> {
  return [row, ...(row.also ?? [])].flatMap((measure) => {
    const { budget, interval } = measure;
    return budget.kind === 'ratio' && interval && interval[0] <= budget.max && budget.max <= interval[1]
      ? [{ measure, interval }]
      : [];
  });
}

/**
 * The line said before the closing one when some row sits at its budget (atBudget): which, and the spread
 * of each, so a reader knows the verdict on it is not settled by this run. Undefined when none does.
 */
export function swingLine(rows: Row[]): string | undefined {
  const at = inIssueOrder(rows).flatMap((row) =>
    atBudget(row).map(({ measure, interval }) => {
      const of = measure.budget.kind === 'ratio' && measure.budget.of ? ` against ${measure.budget.of}` : '';
      return `${row.name}${of} (${spread(interval)} around ${budgetText(measure)})`;
    }),
  );
  if (at.length === 0) return undefined;
  return `At the budget, so the next run may judge otherwise (90 % interval of the paired ratio): ${at.join('; ')}`;
}

const spread = ([low, high]: Interval) => `${low.toFixed(2)}–${high.toFixed(2)}×`;

/** true: within its budget; false: over; undefined: reported only. */
export function measureWithin(measure: Measure): boolean | undefined {
  const { budget } = measure;
  if (budget.kind === 'reported') return undefined;
  if (budget.kind === 'ratio' && (!measure.floor || measure.floor.unit !== measure.figure.unit))
    throw new Error(`a ratio budget needs a floor in ${measure.figure.unit}`);
  const value = budget.kind === 'ratio' ? ratioOf(measure)! : measure.figure.value;
  return budget.strict ? value < budget.max : value <= budget.max;
}

/** false when any measure or check is over; true when something was judged; undefined when only reported. */
export function within(row: Row): boolean | undefined {
  const judged = [row, ...(row.also ?? [])].map(measureWithin);
  for (const check of row.checks ?? []) judged.push(check.ok);
  if (judged.includes(false)) return false;
  return judged.includes(true) ? true : undefined;
}

/** "8.9 ms", "34.2 KB", "10 requests". */
export function show(amount: Pick<Amount, 'value' | 'unit'>): string {
  return amount.unit === 'requests'
    ? `${amount.value} requests`
    : `${amount.value.toFixed(1)} ${amount.unit}`;
}

function budgetText(measure: Measure): string {
  const { budget } = measure;
  const sign = budget.kind !== 'reported' && budget.strict ? '<' : '≤';
  if (budget.kind === 'ratio') return `${sign} ${budget.max}× ${budget.of ?? 'floor'}`;
  if (budget.kind === 'limit') return `${sign} ${show({ value: budget.max, unit: measure.figure.unit })}`;
  return 'reported';
}

/** "1.35×", "1.07× of the limit", "1.20× (paired runs)", or "—" with nothing to divide by. */
function ratioText(measure: Measure): string {
  const ratio = ratioOf(measure);
  if (ratio === undefined) return '—';
  if (measure.budget.kind === 'limit') return `${ratio.toFixed(2)}× of the limit`;
  if (measure.paired === undefined) return `${ratio.toFixed(2)}×`;
  return `${ratio.toFixed(2)}× (paired runs${measure.interval ? `, 90 % ${spread(measure.interval)}` : ''})`;
}

const cells = (measure: Measure) => ({
  figure: `${show(measure.figure)} ${measure.figure.what}`,
  floor: measure.floor ? `${show(measure.floor)} ${measure.floor.what}` : '—',
  budget: budgetText(measure),
  ratio: ratioText(measure),
});

export const TABLE_HEAD = [
  '| Row | Figure | Floor or reference (same run) | Budget | Ratio | |',
  '|---|---|---|---|---|---|',
];

/** The row as one line of a Markdown table; further measures and checks share its cells, "; " apart. */
export function tableLine(row: Row): string {
  const parts = [row, ...(row.also ?? [])].map(cells);
  const checks = row.checks ?? [];
  const join = (key: keyof ReturnType<typeof cells>, extra: string[] = []) =>
    [...parts.map((part) => part[key]), ...extra].join('; ');
  const figure = join(
    'figure',
    checks.map((check) => `${check.ok ? '' : '✖ '}${check.figure}`),
  );
  const budget = join(
    'budget',
    checks.map((check) => check.budget),
  );
  const mark = { true: '✓', false: '✖ OVER', undefined: '· reported' }[String(within(row))];
  return `| ${row.name} | ${figure} | ${join('floor')} | ${budget} | ${join('ratio')} | ${mark} |`;
}

/** The rows in the issue's order. */
export function inIssueOrder(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => ISSUE_ROWS.indexOf(a.name) - ISSUE_ROWS.indexOf(b.name));
}

/**
 * The closing line: "All budgets met" only when no row is over and every `expected` row (those of the
 * paths asked for) is there: a path that failed leaves its rows out.
 */
export function verdict(rows: Row[], expected: readonly RowName[] = []): { ok: boolean; line: string } {
  const over = rows.filter((row) => within(row) === false).map((row) => row.name);
  const missing = expected.filter((name) => !rows.some((row) => row.name === name));
  if (over.length === 0 && missing.length === 0) return { ok: true, line: 'All budgets met' };
  const said = [
    over.length > 0 ? `${over.length} budget(s) missed: ${over.join(', ')}` : '',
    missing.length > 0 ? `not measured: ${missing.join(', ')}` : '',
  ];
  return { ok: false, line: said.filter(Boolean).join('; ') };
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

/**
 * A full garbage collection of the bench's own Node process, where the mock host runs, before a timed run:
 * what an earlier run left (a 50 MiB upload's buffers, a create's records) is collected now, not during
 * whichever run comes next. Without it the second run of each pair paid for the first one's garbage, and
 * the upload's paired ratio swung from 1.04x to 1.27x between runs (issue 40); with it (and 11 pairs, not 7)
 * five runs gave 1.03-1.17x. V8's gc() is exposed at run
 * time (the flag, then the function from a fresh context), once.
 */
export function collectGarbage(): void {
  collector ??= (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();
  collector();
}
let collector: (() => void) | undefined;
