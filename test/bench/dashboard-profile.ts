/**
 * Where the dashboard's time goes at 10,000 cached pushes (issue 22): a Chromium performance trace (the
 * DevTools timeline and the V8 sampling profiler, through CDP) of the first screen, from navigation until
 * the list is painted, and of keystrokes in Search. Prints the main thread's work by kind (script, style,
 * layout, paint, GC), the functions that took the most time, self and inclusive, and the main thread's CPU
 * time with its tasks, beside the same for the bench's blank page (its reference) traced the same way.
 * CPU time, unlike the wall clock, barely moves with what else the machine runs.
 *
 *   tsx test/bench/dashboard-profile.ts [extension dir] [pushes]
 *
 * OPENS=n traces n opens and averages their work by function; PROFILE_HIRES=1 samples ten times as often.
 *
 * The extension dir defaults to the bench's e2e build (.output/bench-e2e/chrome-mv3, made by
 * `npm run bench`). A build with minify off names the functions (vite `build.minify: false`); a minified one
 * still sorts the work by kind.
 */
import type { CDPSession, Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { blankPage, keystrokes, rendered, seededDashboard, wholeList } from './dashboard';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  // PROFILE_CPU=0: the timeline alone, whose durations the sampling profiler inflates.
  ...(process.env.PROFILE_CPU === '0' ? [] : ['disabled-by-default-v8.cpu_profiler']),
  // PROFILE_HIRES=1: samples every 0.1 ms instead of every 1 ms (a 40 ms render gets 400 samples, not 40).
  ...(process.env.PROFILE_HIRES === '1' ? ['disabled-by-default-v8.cpu_profiler.hires'] : []),
].join(',');

async function trace(page: Page, body: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES.split(','), recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
  await body();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return events;
}

/** The renderer main thread that navigated to the page (extension pages share one renderer): [pid, tid]. */
function dashboardThread(events: TraceEvent[]): [number, number] {
  const started = events.filter((e) => e.name === 'navigationStart').at(-1);
  if (!started) throw new Error('no navigation in the trace');
  return [started.pid, started.tid];
}

interface Sample {
  ts: number;
  node: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The CPU samples of thread [pid, tid], with their call tree. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const samples: Sample[] = [];
  const starts = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile' && e.pid === pid && e.tid === tid)
      starts.set(e.id!, e.args!.data.startTime as number);
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !starts.has(e.id!)) continue;
    const data = e.args!.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = clock.get(e.id!) ?? starts.get(e.id!)!;
    const ids: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    ids.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    clock.set(e.id!, ts);
  }
  return { nodes, samples: samples.sort((a, b) => a.ts - b.ts) };
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? path.basename(url.split('?')[0]!) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

const IDLE = new Set(['(idle)', '(program)', '(root)']);

function top(map: Map<string, number>, count: number): string[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
}

/** One traced stretch of the main thread: the trace, its thread [pid, tid] and the window (trace µs). */
interface Traced {
  events: TraceEvent[];
  thread: [number, number];
  window: [number, number];
}

/**
 * Prints the main thread's work in the windows (several opens traced alike, or one), by kind and by function,
 * per one of `per` (by default per window: the average open).
 */
function report(title: string, windows: Traced[], per = windows.length): void {
  const kinds = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let span = 0;
  for (const traced of windows) {
    busy += sampled(traced, per, { kinds, self, inclusive });
    span += traced.window[1] - traced.window[0];
  }
  console.log(
    `\n## ${title}: ${(span / 1000 / per).toFixed(1)} ms window${per > 1 ? ` (per one of ${per})` : ''}`,
  );
  console.log(`JS sampled busy: ${(busy / 1000).toFixed(1)} ms`);
  console.log('Main-thread trace events (inclusive, nested events overlap):');
  console.log(top(kinds, 18).join('\n'));
  console.log('Self time by function:');
  console.log(top(self, 25).join('\n'));
  console.log('Inclusive time by function:');
  console.log(top(inclusive, 40).join('\n'));
}

/** Adds one window's trace events by kind and its samples by function (µs / per) to `into`; its busy µs. */
function sampled(
  { events, thread: [pid, tid], window: [from, to] }: Traced,
  per: number,
  into: Record<'kinds' | 'self' | 'inclusive', Map<string, number>>,
): number {
  const { kinds, self, inclusive } = into;
  const within = (e: TraceEvent) => e.pid === pid && e.tid === tid && e.ts >= from && e.ts <= to;
  for (const e of events)
    if (within(e) && e.ph === 'X' && e.dur !== undefined)
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / per);
  const { nodes, samples } = samplesOf(events, pid, tid);
  let busy = 0;
  for (let i = 0; i < samples.length - 1; i++) {
    const { ts, node } = samples[i]!;
    if (ts < from || ts > to) continue;
    const dt = (samples[i + 1]!.ts - ts) / per;
    const leaf = nodes.get(node);
    if (!leaf) continue;
    const name = frameName(leaf);
    self.set(name, (self.get(name) ?? 0) + dt);
    if (!IDLE.has(leaf.callFrame.functionName)) busy += dt;
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = leaf; at; at = at.parent ? nodes.get(at.parent) : undefined) {
      const up = frameName(at);
      if (seen.has(up) || IDLE.has(at.callFrame.functionName)) continue;
      seen.add(up);
      inclusive.set(up, (inclusive.get(up) ?? 0) + dt);
    }
  }
  return busy;
}

/** The main thread's CPU time (µs) in the window: thread time (tdur), which other processes' load barely moves. */
function cpuTime(events: TraceEvent[], [pid, tid]: [number, number], [from, to]: [number, number]): number {
  return events
    .filter((e) => e.pid === pid && e.tid === tid && e.ts >= from && e.ts <= to && e.name === 'RunTask')
    .reduce((sum, e) => sum + (e.tdur ?? 0), 0);
}

/** The page's DOM nodes as Chromium last counted them in the window (UpdateCounters), or undefined. */
function domNodes(events: TraceEvent[], [pid, tid]: [number, number], [from, to]: [number, number]) {
  return events
    .filter(
      (e) => e.name === 'UpdateCounters' && e.pid === pid && e.tid === tid && e.ts >= from && e.ts <= to,
    )
    .at(-1)?.args?.data?.nodes as number | undefined;
}

/**
 * When the rows were first painted (trace µs): the end of the first Paint after the first layout of a page
 * with rows (over LAID_OUT_WITH_ROWS layout objects; the page without them has under 100), or undefined.
 * What runs after that paint and before the bench's next frame (effects) is not in it.
 */
function rowsPainted(events: TraceEvent[], [pid, tid]: [number, number], [from, to]: [number, number]) {
  const mine = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ts >= from && e.ts <= to && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const laidOut = mine.find(
    (e) => e.name === 'Layout' && e.args?.beginData?.totalObjects >= LAID_OUT_WITH_ROWS,
  );
  const painted = laidOut && mine.find((e) => e.name === 'Paint' && e.ts > laidOut.ts);
  return painted && painted.ts + (painted.dur ?? 0);
}
const LAID_OUT_WITH_ROWS = 300;

/** The main thread's tasks of over 1 ms in the window, each with its start (ms from `from`) and what ran. */
function timeline(events: TraceEvent[], [pid, tid]: [number, number], [from, to]: [number, number]): void {
  const mine = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.ts >= from && e.ts <= to && e.ph === 'X',
  );
  const cpu = cpuTime(events, [pid, tid], [from, to]);
  console.log(`Main-thread CPU: ${(cpu / 1000).toFixed(1)} ms of the ${((to - from) / 1000).toFixed(1)} ms`);
  const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 1000);
  console.log('Tasks over 1 ms (start ms, duration ms, what ran inside):');
  for (const task of tasks) {
    const inside = mine.filter(
      (e) =>
        e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && (e.dur ?? 0) > 500,
    );
    const names = [
      ...new Set(
        inside.map((e) => e.name + (e.args?.data?.url ? `(${path.basename(String(e.args.data.url))})` : '')),
      ),
    ];
    console.log(
      `${((task.ts - from) / 1000).toFixed(1).padStart(8)} ${(task.dur! / 1000).toFixed(1).padStart(7)}  ${names.slice(0, 8).join(', ')}`,
    );
  }
}

/**
 * The files the page asked for in the window: how many, when the last one arrived and when its first module
 * ran (ms from `from`). Chromium serves an extension's files from its browser process, and each file costs
 * the renderer its own tasks, so their count is work at every open (issue 22).
 */
function files(events: TraceEvent[], [pid, tid]: [number, number], [from, to]: [number, number]): void {
  const at = (e: TraceEvent) => (e.ts - from) / 1000;
  const within = (e: TraceEvent) => e.ts >= from && e.ts <= to;
  const ran = events.find(
    (e) => e.name === 'v8.evaluateModule' && e.pid === pid && e.tid === tid && within(e),
  );
  // Asked for before the first module ran: the page's HTML and what it names (later ones are parts).
  const before = (e: TraceEvent) => within(e) && (!ran || e.ts < ran.ts);
  const sent = events.filter((e) => e.name === 'ResourceSendRequest' && before(e));
  const ids = new Set(sent.map((e) => e.args?.data?.requestId));
  const finished = events.filter((e) => e.name === 'ResourceFinish' && ids.has(e.args?.data?.requestId));
  const last = Math.max(...finished.map(at));
  console.log(
    `Files at open: ${sent.length}, the last arrived at ${last.toFixed(1)} ms; the first module ran at ${ran ? at(ran).toFixed(1) : '—'} ms`,
  );
}

function markAt(events: TraceEvent[], name: string): number {
  const mark = events.filter((e) => e.name === name).at(-1);
  if (!mark) throw new Error(`no ${name} in the trace`);
  return mark.ts;
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const extDir = path.resolve(process.argv[2] ?? path.join(root, '.output', 'bench-e2e', 'chrome-mv3'));
  const pushes = Number(process.argv[3] ?? 10_000);
  const { context, url, close } = await seededDashboard(extDir, pushes);
  try {
    // A warm-up open, as the bench's later runs are.
    const warm = await context.newPage();
    await warm.goto(url, { waitUntil: 'commit' });
    await rendered(warm);
    await warm.close();

    // Tracing starts on an extension page, so the sampling profiler is running in the extensions' renderer
    // before the dashboard opens: started by the dashboard's own navigation, it stopped that renderer for a
    // second or more (V8.InvokeApiInterruptCallbacks) inside the window measured.
    const page = await context.newPage();
    const blankUrl = blankPage(extDir, url);
    await page.goto(blankUrl);
    // The bench's reference, traced the same way: what any extension page's open costs here.
    let blankMs = 0;
    const blank = await trace(page, async () => {
      await page.waitForTimeout(500);
      await page.goto(blankUrl, { waitUntil: 'commit' });
      blankMs = await rendered(page);
    });
    console.log(`blank page with one row: ${blankMs.toFixed(1)} ms`);
    if (process.env.TRACE_OUT)
      fs.writeFileSync(`${process.env.TRACE_OUT}.blank.json`, JSON.stringify({ traceEvents: blank }));
    const blankStart = markAt(blank, 'navigationStart');
    timeline(blank, dashboardThread(blank), [blankStart, blankStart + blankMs * 1000]);

    // OPENS=n traces n opens alike: the first screen's work by function is their average, and each open's
    // time and CPU is printed (one open's 40 ms render holds only ~40 samples at the default 1 ms).
    const opens = Number(process.env.OPENS ?? 1);
    const screens: Traced[] = [];
    let first: TraceEvent[] = [];
    let renderMs = 0;
    let thread: [number, number] = [0, 0];
    for (let i = 0; i < opens; i++) {
      first = await trace(page, async () => {
        await page.waitForTimeout(500);
        await page.goto(url, { waitUntil: 'commit' });
        renderMs = await rendered(page);
        await page.evaluate(() => performance.mark('bench-rendered'));
        await page.waitForTimeout(1500); // what runs after the first screen (the rest of the read)
        await page.evaluate(() => performance.mark('bench-settled'));
      });
      const start = markAt(first, 'navigationStart');
      thread = dashboardThread(first);
      const window: [number, number] = [start, start + renderMs * 1000];
      screens.push({ events: first, thread, window });
      const painted = rowsPainted(first, thread, window);
      const toPaint = painted
        ? `; rows painted at ${((painted - start) / 1000).toFixed(1)} ms, CPU until then ${(cpuTime(first, thread, [start, painted]) / 1000).toFixed(1)} ms`
        : '';
      console.log(
        `first screen: ${renderMs.toFixed(1)} ms, main-thread CPU ${(cpuTime(first, thread, window) / 1000).toFixed(1)} ms, ${domNodes(first, thread, window) ?? '?'} DOM nodes${toPaint}`,
      );
    }
    if (process.env.TRACE_OUT)
      fs.writeFileSync(process.env.TRACE_OUT, JSON.stringify({ traceEvents: first }));
    const last = screens.at(-1)!;
    report(opens > 1 ? `First screen, ${opens} opens` : 'First screen', screens);
    timeline(first, thread, last.window);
    files(first, thread, last.window);
    // A build with performance marks at the first read's answer (sp-read) shows what follows it.
    const read = first.filter((e) => e.name === 'sp-read').at(-1);
    if (read)
      report('From the first read to the first screen', [{ ...last, window: [read.ts, last.window[1]] }]);
    report('After the first screen', [
      { ...last, window: [markAt(first, 'bench-rendered'), markAt(first, 'bench-settled')] },
    ]);

    const runs = 9;
    let figures = { narrow: 0, widen: 0 };
    await wholeList(page, pushes);
    const typed = await trace(page, async () => {
      await page.evaluate(() => performance.mark('bench-typing'));
      figures = await keystrokes(page, runs);
      await page.evaluate(() => performance.mark('bench-typed'));
    });
    console.log(`\nkeystrokes: narrow ${figures.narrow.toFixed(1)} ms, widen ${figures.widen.toFixed(1)} ms`);
    const typing: [number, number] = [markAt(typed, 'bench-typing'), markAt(typed, 'bench-typed')];
    report('Keystrokes', [{ events: typed, thread, window: typing }], runs * 2);
    await page.close();
  } finally {
    await close();
  }
}

await main();
