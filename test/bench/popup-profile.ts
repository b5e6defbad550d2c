/**
 * Where the popup's open goes (issue 22), against the bench's floor (the blank page with the popup's
 * stylesheet): a Chromium performance trace through CDP of each page's open until its "Secret" field takes
 * input, the bench's own wait. Prints, per page, when each file was asked for and when it came back (ms from
 * navigation start), the renderer main thread's tasks of over 1 ms with what ran in them, and its CPU time
 * (thread time, which barely moves with the machine's load), and all processes' CPU time in that window
 * (the browser's, which serves the files, among it); medians over several traced opens. PROFILE_CPU=1 adds
 * V8's profile of the popup's opens by function; TRACE_OUT=dir keeps each open's raw trace there. Each open has
 * a tab of its own, as in the bench, and per open it prints when the last stylesheet and script came back
 * and when the modules ran: whether the scripts waited for the stylesheet.
 *
 *   tsx test/bench/popup-profile.ts [extension dir] [opens] [more pages of that dir...]
 *
 * The extension dir defaults to the bench's shipped build (.output/bench/chrome-mv3, made by
 * `npm run bench -- popup`, which also writes the styled reference page into it).
 */
import type { CDPSession, Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { launchWithExtension } from '../journeys/browsers/chromium';
import { WAIT_FOR_SECRET, WATCH_FOR_SECRET } from './popup';
import { median } from './rows';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
];

async function traced(page: Page, body: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
  await body();
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return events;
}

interface Open {
  readyMs: number;
  /** When the page's modules began to run (the first module evaluation), ms from navigation start. */
  evaluatedMs: number;
  cpuMs: number;
  /** Thread time of every process's tasks in the window (the browser's and the GPU's too). */
  allCpuMs: number;
  /** Per file: [asked for, finished] in ms from navigation start. */
  files: Map<string, [number, number]>;
  /** Main-thread tasks over 1 ms: start, duration, what ran. */
  tasks: string[];
  /** Summed durations of the main thread's events by name (nested events overlap). */
  kinds: Map<string, number>;
  /** The main thread's longest task (wall ms): the modules' evaluation and first render. */
  longestMs: number;
}

function analyse(events: TraceEvent[], readyMs: number): Open {
  const nav = events.filter((e) => e.name === 'navigationStart').at(-1);
  if (!nav) throw new Error('no navigation in the trace');
  const from = nav.ts;
  const to = from + (readyMs + SETTLE_MS) * 1000;
  const at = (ts: number) => (ts - from) / 1000;
  const files = new Map<string, [number, number]>();
  const ids = new Map<string, string>();
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'ResourceSendRequest' && data?.url) {
      const file = new URL(String(data.url)).pathname;
      ids.set(data.requestId, file);
      files.set(file, [at(e.ts), NaN]);
    }
    if (e.name === 'ResourceFinish' && ids.has(data?.requestId))
      files.get(ids.get(data.requestId)!)![1] = at(e.ts);
  }
  const mine = events.filter(
    (e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= from && e.ts <= to,
  );
  const cpu = mine.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  // Top-level tasks only (ThreadControllerImpl::RunTask and RunTask nest): RunTask events not inside another.
  const allTasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= from && e.ts <= to);
  const allCpu = allTasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const kinds = new Map<string, number>();
  for (const e of mine) if (e.dur) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
  const tasks = mine
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 1000)
    .map((task) => {
      const inside = mine.filter(
        (e) =>
          e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && (e.dur ?? 0) > 300,
      );
      const names = [
        ...new Set(
          inside.map(
            (e) =>
              `${e.name}${e.args?.data?.url ? `(${path.basename(String(e.args.data.url))})` : ''} ${(e.dur! / 1000).toFixed(1)}`,
          ),
        ),
      ];
      return `${at(task.ts).toFixed(1).padStart(7)} ${(task.dur! / 1000).toFixed(1).padStart(6)} (cpu ${((task.tdur ?? 0) / 1000).toFixed(1)})  ${names.slice(0, 10).join(', ')}`;
    });
  const evaluation = mine.find((e) => e.name === 'v8.evaluateModule');
  const evaluatedMs = evaluation ? at(evaluation.ts) : NaN;
  const longestMs = Math.max(0, ...mine.filter((e) => e.name === 'RunTask').map((e) => (e.dur ?? 0) / 1000));
  return { readyMs, evaluatedMs, cpuMs: cpu / 1000, allCpuMs: allCpu / 1000, files, tasks, kinds, longestMs };
}

const traceCount: Record<string, number> = {};

/**
 * SETTLE_MS=n: each open is traced for n ms more after its field takes input, and its figures (CPU, tasks,
 * files) count all of that window: the work an open does until it is idle (the recent list's files and
 * render, the settings' arrival), not only what came before the bench's check, which may run late.
 */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 0);

async function open(page: Page, url: string): Promise<Open> {
  let readyMs = 0;
  const events = await traced(page, async () => {
    await page.waitForTimeout(300);
    await page.goto(url, { waitUntil: 'commit' });
    readyMs = (await page.evaluate(WAIT_FOR_SECRET)) as number;
    if (SETTLE_MS > 0) await page.waitForTimeout(SETTLE_MS);
  });
  // TRACE_OUT=dir: each open's raw trace (page-n.json), for DevTools' Performance panel.
  if (process.env.TRACE_OUT) {
    fs.mkdirSync(process.env.TRACE_OUT, { recursive: true });
    const page = path.basename(new URL(url).pathname, '.html');
    const name = `${page}-${(traceCount[page] = (traceCount[page] ?? 0) + 1)}.json`;
    fs.writeFileSync(path.join(process.env.TRACE_OUT, name), JSON.stringify({ traceEvents: events }));
  }
  return analyse(events, readyMs);
}

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * PROFILE_CPU=1: V8's sampling profiler (the DevTools protocol's Profiler, every 100 µs) over `opens` opens
 * of `url`, each until the field takes input: self and inclusive time by function, per open. A build with
 * vite's `build.minify: false` names the functions. A synchronous call that waits (localStorage's first read
 * asks the browser process) counts as its caller's self time.
 */
async function functions(page: Page, url: string, opens: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = 0; i < opens; i++) {
    await page.waitForTimeout(300);
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'commit' });
    await page.evaluate(WAIT_FOR_SECRET);
    const { profile } = await cdp.send('Profiler.stop');
    const nodes = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node as ProfileNode]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const name = ({ callFrame: f }: ProfileNode) =>
      `${f.functionName || '(anonymous)'} ${f.url ? path.basename(f.url) : ''}:${f.lineNumber + 1}`;
    (profile.samples ?? []).forEach((id, index) => {
      const ms = (profile.timeDeltas?.[index + 1] ?? 0) / 1000 / opens;
      const leaf = nodes.get(id)!;
      if (IDLE.has(leaf.callFrame.functionName)) return;
      add(self, name(leaf), ms);
      const seen = new Set<string>();
      for (let at: ProfileNode | undefined = leaf; at; at = nodes.get(parent.get(at.id) ?? -1)) {
        if (at.callFrame.functionName === '(root)' || seen.has(name(at))) continue;
        seen.add(name(at));
        add(inclusive, name(at), ms);
      }
    });
  }
  await cdp.detach();
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `    ${ms.toFixed(2).padStart(6)} ${key}`)
      .join('\n');
  console.log(`\n## popup, V8 profile, ms per open (${opens} opens)`);
  console.log(`  self:\n${top(self, 25)}\n  inclusive:\n${top(inclusive, 40)}`);
}

const IDLE = new Set(['(idle)', '(program)', '(root)', '(garbage collector)']);

function summary(name: string, opens: Open[]): void {
  console.log(
    `\n## ${name}: ready ${median(opens.map((o) => o.readyMs)).toFixed(1)} ms (median of ${opens.length}), main-thread CPU ${median(opens.map((o) => o.cpuMs)).toFixed(1)} ms, all processes ${median(opens.map((o) => o.allCpuMs)).toFixed(1)} ms`,
  );
  console.log(
    `  runs: ${opens.map((o) => `${o.readyMs.toFixed(0)}/${o.cpuMs.toFixed(0)}`).join(' ')}  (ready/cpu)`,
  );
  console.log(
    `  files ${median(opens.map((o) => o.files.size))}, longest task ${median(opens.map((o) => o.longestMs)).toFixed(1)} ms (median)${SETTLE_MS > 0 ? `, until ${SETTLE_MS} ms after ready` : ''}`,
  );
  const evaluated = opens.map((o) => o.evaluatedMs).filter((n) => !Number.isNaN(n));
  if (evaluated.length > 0) {
    // Per open: when the last stylesheet and the last script of the open came back, when the modules ran.
    const last = (o: Open, ext: string) =>
      Math.max(
        ...[...o.files]
          .filter(([file, [asked]]) => file.endsWith(ext) && asked < o.evaluatedMs)
          .map(([, [, back]]) => back),
      );
    console.log(
      `  modules run from ${median(evaluated).toFixed(1)} ms (median); per open css/js back → run → ready: ${opens
        .map(
          (o) =>
            `${last(o, '.css').toFixed(0)}/${last(o, '.js').toFixed(0)}→${o.evaluatedMs.toFixed(0)}→${o.readyMs.toFixed(0)}`,
        )
        .join(' ')}`,
    );
  }
  const files = [...opens[0]!.files.keys()];
  for (const file of files) {
    const seen = (at: 0 | 1) =>
      opens.map((o) => o.files.get(file)?.[at] ?? NaN).filter((n) => !Number.isNaN(n));
    // A file asked for late (the recent list's part) may not be back before the trace ends.
    if (seen(0).length === 0 || seen(1).length === 0) continue;
    const [asked, back] = [median(seen(0)), median(seen(1))];
    console.log(
      `  ${file.padEnd(42)} asked ${asked.toFixed(1).padStart(6)}  back ${back.toFixed(1).padStart(6)}`,
    );
  }
  const kinds = new Map<string, number[]>();
  for (const o of opens) for (const [k, v] of o.kinds) kinds.set(k, [...(kinds.get(k) ?? []), v]);
  const top = [...kinds]
    .map(([k, v]) => [k, median(v)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 16);
  console.log('  main-thread events (median summed ms):');
  for (const [k, v] of top) console.log(`    ${v.toFixed(1).padStart(6)} ${k}`);
  const last = opens.at(-1)!;
  console.log('  last open, tasks over 1 ms (start, duration):');
  for (const task of last.tasks) console.log(`   ${task}`);
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const extDir = path.resolve(process.argv[2] ?? path.join(root, '.output', 'bench', 'chrome-mv3'));
  const opens = Number(process.argv[3] ?? 7);
  if (!fs.existsSync(path.join(extDir, 'bench-styled.html')))
    throw new Error(`${extDir} has no bench-styled.html: run npm run bench -- popup first`);
  const { context, close } = await launchWithExtension({ extDir });
  await context.addInitScript(WATCH_FOR_SECRET);
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const base = `chrome-extension://${new URL(worker.url()).host}`;
    const page = await context.newPage();
    await page.goto(`${base}/bench-styled.html`);
    // Further pages named after the count (variants of popup.html copied into the build) are opened in turn
    // with the two, so that a change is compared with the popup as it is under the same load.
    const pages = ['bench-styled.html', 'popup.html', ...process.argv.slice(4)];
    const traces = new Map<string, Open[]>(pages.map((name) => [name, []]));
    for (let i = 0; i < opens; i++)
      for (const name of pages) {
        // A tab of its own for each open, as the bench opens them (and as the popup opens: nothing to unload).
        const tab = await context.newPage();
        traces.get(name)!.push(await open(tab, `${base}/${name}`));
        await tab.close();
      }
    summary('styled blank page (the floor)', traces.get('bench-styled.html')!);
    for (const name of pages.slice(1)) summary(name, traces.get(name)!);
    if (process.env.PROFILE_CPU === '1') await functions(page, `${base}/popup.html`, opens);
  } finally {
    await close();
  }
}

await main();
