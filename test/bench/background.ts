/**
 * Background (issue 22): the size of the Chrome build's background.js (raw and gzipped) and the time its
 * top-level evaluation takes when the stopped service worker wakes, beside a blank worker's. Reported, with
 * no budget, unless the worker still carries the demo service (then over: the worker never runs it, the
 * offscreen document does).
 *
 * How the time is taken, with nothing added to the shipped code: Chromium runs with the DevTools protocol on
 * a pipe. The bench stops every service worker (ServiceWorker.stopAllWorkers), starts a trace, wakes the
 * worker with a runtime message from one of its extension pages, and reads the worker thread's
 * EvaluateScript event for background.js (compiling and running its top level; V8's v8.compile and v8.run
 * inside it give the split). A blank worker (one onMessage listener) loaded beside it is woken the same way,
 * alternately, as the reference.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS } from '../journeys/browsers/chromium';
import { kb, median, ms, type Row } from './rows';

/** Strings only the demo service's code holds (test/build/background.test.ts checks them against builds). */
export const MOCK_MARKERS = [
  'You need to sign in or sign up before continuing.',
  'There is no secret at this address.',
  '"version" cannot be null or undefined',
];

export interface BackgroundFigures {
  bytes: number;
  gzipBytes: number;
  /** The demo service's markers found in background.js (none expected). */
  mockMarkers: string[];
  /** Medians of the wakes, each alternated with the blank worker's. */
  wakeMs: { worker: WakeTimes; blank: WakeTimes; runs: number };
}

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A DevTools protocol client over Chromium's --remote-debugging-pipe (fd 3 in, fd 4 out, NUL-separated). */
export function pipeClient(child: ChildProcess) {
  const [, , , input, output] = child.stdio as unknown as [
    unknown,
    unknown,
    unknown,
    NodeJS.WritableStream,
    NodeJS.ReadableStream,
  ];
  let nextId = 1;
  let buffer = '';
  const pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(method: string, params: Json, sessionId?: string) => void>();
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let end: number;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end)) as Json;
      buffer = buffer.slice(end + 1);
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (waiter) {
        pending.delete(message.id);
        if (message.error) waiter.reject(new Error(`${message.error.message} (${message.id})`));
        else waiter.resolve(message.result);
      } else if (message.method)
        for (const listen of listeners) listen(message.method, message.params, message.sessionId);
    }
  });
  return {
    send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
      const id = nextId++;
      input.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No answer to ${method} in 20 s`)), 20_000);
        const settle =
          <T>(done: (value: T) => void) =>
          (value: T) => (clearTimeout(timer), done(value));
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      });
    },
    on(listen: (method: string, params: Json, sessionId?: string) => void): () => void {
      listeners.add(listen);
      return () => listeners.delete(listen);
    },
  };
}
export type Cdp = ReturnType<typeof pipeClient>;

/**
 * Headless Chromium with `extensions` loaded and the DevTools protocol on its pipe (read with pipeClient), its
 * profile in `work`.
 */
export function spawnPipeChromium(work: string, extensions: string[]): ChildProcess {
  const list = extensions.join(',');
  return spawn(
    CHROMIUM,
    [
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${path.join(work, 'profile')}`,
      `--disable-extensions-except=${list}`,
      `--load-extension=${list}`,
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
}

export function waitFor<T>(
  cdp: Cdp,
  pick: (method: string, params: Json, sessionId?: string) => T | undefined,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => (stop(), reject(new Error('The browser did not answer in 20 s'))), 20_000);
    const stop = cdp.on((method, params, sessionId) => {
      const found = pick(method, params, sessionId);
      if (found === undefined) return;
      clearTimeout(timer);
      stop();
      resolve(found);
    });
  });
}

export const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

/** A blank MV3 extension: one worker with one message listener, and a page that wakes it. */
export function blankExtension(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'blank',
      version: '1',
      background: { service_worker: 'blank-worker.js' },
    }),
  );
  fs.writeFileSync(path.join(dir, 'blank-worker.js'), 'chrome.runtime.onMessage.addListener(() => {});\n');
}

export const WAKE = 'chrome.runtime.sendMessage({ bench: "wake" }).catch(() => {}); 1';
export const WAKE_PAGE = '<!doctype html><meta charset="utf-8"><title>wake</title>';

const TRACE_CATEGORIES = ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'];

/** One wake's times (ms): the script's evaluation, and within it V8's compile and run of the top level. */
export interface WakeTimes {
  evaluate: number;
  compile: number;
  run: number;
}

/** The worker script's own events of a trace: EvaluateScript, v8.compile and v8.run (durations in µs). */
export function wakeTimes(events: Json[], scriptUrl: string): WakeTimes {
  const of = (name: string) => {
    const found = events.find(
      (e) => e.name === name && e.ph === 'X' && JSON.stringify(e.args).includes(scriptUrl),
    );
    if (!found) throw new Error(`No ${name} event for ${scriptUrl} in the trace: the measurement is broken`);
    return (found.dur as number) / 1000;
  };
  return { evaluate: of('EvaluateScript'), compile: of('v8.compile'), run: of('v8.run') };
}

/** Stops every service worker, then traces the wake of the one whose extension page is `page`. */
async function traceWake(
  cdp: Cdp,
  statuses: Map<string, string[]>,
  page: string,
  workerUrl: string,
): Promise<WakeTimes> {
  // Running first, so that the stop below is a real stop of a started worker. Each step waits for the
  // worker's reported state, not for a time: on a loaded machine a wake can take over a second.
  const reports = () => statuses.get(workerUrl)?.length ?? 0;
  await cdp.send('Runtime.evaluate', { expression: WAKE }, page);
  await workerStatus(statuses, workerUrl, 'running');
  const beforeStop = reports();
  await cdp.send('ServiceWorker.stopAllWorkers', {}, page);
  await workerStatus(statuses, workerUrl, 'stopped', beforeStop);
  const events: Json[] = [];
  const stop = cdp.on((method, params) => {
    if (method === 'Tracing.dataCollected') events.push(...(params.value as Json[]));
  });
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: TRACE_CATEGORIES },
    transferMode: 'ReportEvents',
  });
  const beforeWake = reports();
  await cdp.send('Runtime.evaluate', { expression: WAKE }, page);
  await workerStatus(statuses, workerUrl, 'running', beforeWake); // once its script has been evaluated
  await sleep(100); // the trace's last events reach the buffer
  const done = waitFor(cdp, (method) => (method === 'Tracing.tracingComplete' ? true : undefined));
  await cdp.send('Tracing.end');
  await done;
  stop();
  return wakeTimes(events, workerUrl);
}

/** Every running status Chromium reported for each worker script, in order (ServiceWorker domain events). */
export function workerStatuses(cdp: Cdp): Map<string, string[]> {
  const statuses = new Map<string, string[]>();
  cdp.on((method, params) => {
    if (method === 'ServiceWorker.workerVersionUpdated')
      for (const version of params.versions as Json[]) {
        const url = String(version.scriptURL);
        statuses.set(url, [...(statuses.get(url) ?? []), String(version.runningStatus)]);
      }
  });
  return statuses;
}

/**
 * Resolves once the worker of `workerUrl` was reported in `status` after the first `since` reports (or is
 * in it now, with no `since`); fails after 20 s. The background can be woken again by its own alarms or the
 * offscreen document right after a stop, so a stop is a report seen, not the latest state.
 */
export async function workerStatus(
  statuses: Map<string, string[]>,
  workerUrl: string,
  status: string,
  since?: number,
): Promise<void> {
  const seen = () => {
    const all = statuses.get(workerUrl) ?? [];
    return since === undefined ? all.at(-1) === status : all.slice(since).includes(status);
  };
  for (let waited = 0; !seen(); waited += 10) {
    if (waited > 20_000) throw new Error(`${workerUrl} was not ${status} within 20 s`);
    await sleep(10);
  }
}

/**
 * A traced wake, tried up to three times: the worker can be started by its own alarm or the offscreen
 * document between the stop and the wake, and then the wake traced no start.
 */
async function traceWakeAgain(trace: () => Promise<WakeTimes>): Promise<WakeTimes> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await trace();
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Opens an extension page of the extension whose worker is `workerUrl`; returns its session. */
export async function openPage(cdp: Cdp, workerUrl: string): Promise<string> {
  const url = new URL('bench-wake.html', workerUrl).href;
  const { targetId } = await cdp.send('Target.createTarget', { url });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
  await cdp.send('ServiceWorker.enable', {}, sessionId);
  return sessionId as string;
}

export async function measureBackground(extDir: string, runs = 10): Promise<BackgroundFigures> {
  const code = fs.readFileSync(path.join(extDir, 'background.js'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-bg-'));
  // Copies, so the wake page is never written into the build being measured.
  const ours = path.join(work, 'ext');
  const blank = path.join(work, 'blank');
  fs.cpSync(extDir, ours, { recursive: true });
  blankExtension(blank);
  for (const dir of [ours, blank]) fs.writeFileSync(path.join(dir, 'bench-wake.html'), WAKE_PAGE);
  const child = spawnPipeChromium(work, [ours, blank]);
  try {
    const cdp = pipeClient(child);
    const statuses = workerStatuses(cdp);
    const workers = new Map<'worker' | 'blank', string>();
    cdp.on((method, params) => {
      const info = params?.targetInfo as Json | undefined;
      if (method === 'Target.targetCreated' && info?.type === 'service_worker')
        workers.set(String(info.url).endsWith('/blank-worker.js') ? 'blank' : 'worker', String(info.url));
    });
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    for (let i = 0; i < 100 && workers.size < 2; i++) await sleep(100);
    if (workers.size < 2) throw new Error('The two extensions did not start their workers');
    await sleep(1000); // the install's welcome tab opens
    const pages = {
      worker: await openPage(cdp, workers.get('worker')!),
      blank: await openPage(cdp, workers.get('blank')!),
    };
    const times = { worker: [] as WakeTimes[], blank: [] as WakeTimes[] };
    for (let i = 0; i < runs; i++)
      for (const which of ['worker', 'blank'] as const)
        times[which].push(
          await traceWakeAgain(() => traceWake(cdp, statuses, pages[which], workers.get(which)!)),
        );
    const medians = (list: WakeTimes[]): WakeTimes => ({
      evaluate: median(list.map((t) => t.evaluate)),
      compile: median(list.map((t) => t.compile)),
      run: median(list.map((t) => t.run)),
    });
    return {
      bytes: code.length,
      gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
      mockMarkers: MOCK_MARKERS.filter((marker) => code.includes(marker)),
      wakeMs: { worker: medians(times.worker), blank: medians(times.blank), runs },
    };
  } finally {
    child.kill();
    await sleep(300);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** One row: evaluation time beside the blank worker's, and the size; over only if it holds the demo service. */
export function backgroundRows(figures: BackgroundFigures): Row[] {
  const { worker, blank, runs } = figures.wakeMs;
  return [
    {
      name: 'Background',
      figure: {
        value: worker.evaluate,
        unit: 'ms',
        what: `evaluation on wake, background.js ${kb(figures.bytes)} (${kb(figures.gzipBytes)} gzipped)`,
      },
      floor: { value: blank.evaluate, unit: 'ms', what: 'blank worker' },
      budget: { kind: 'reported' },
      checks: [
        {
          budget: 'no demo service in the worker',
          figure: figures.mockMarkers.length > 0 ? 'still holds the demo service' : 'no demo service',
          ok: figures.mockMarkers.length === 0,
        },
      ],
      note: `medians of ${runs} wakes, alternated; compile ${ms(worker.compile)}, run ${ms(worker.run)} (blank: ${ms(blank.compile)}, ${ms(blank.run)})`,
    },
  ];
}
