/**
 * Where a cold wake of the service worker spends its time (issue 22): V8's sampling profiler (CDP Profiler)
 * on the worker from its very first instruction, over several wakes. The worker is held at its start
 * (Target.setAutoAttach, waitForDebuggerOnStart), the profiler started, then the worker let run; so the
 * profile holds the evaluation of background.js's top level and what its listeners run on the waking event.
 * Prints self time by source module (from the bundle's module comments, so build with minify off:
 * vite `build.minify: false`) and the functions with the most self and inclusive time.
 *
 *   tsx test/bench/background-profile.ts [extension dir] [wakes]
 *
 * QUICK=1: a quick push on each wake; COUNT=1: its storage calls and IndexedDB transactions listed, in order
 * with the quick push's selection read, fetch and copy message; PROFILE_OUT=dir: each wake's raw profile
 * kept there.
 *
 * Times are inflated by the profiler and the debugger; the shares and the counts are what it is for.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockHost } from '@/lib/mock/host/server';
import { MENU_IDS } from '@/lib/quick-push/menus';
import {
  openPage,
  pipeClient,
  sleep,
  spawnPipeChromium,
  WAKE,
  WAKE_PAGE,
  workerStatus,
  workerStatuses,
  type Cdp,
  type Json,
} from './background';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The module each line of the bundle belongs to, from rolldown's `// path` comments (unminified build). */
function modulesOf(code: string): (line: number) => string {
  const starts: [number, string][] = [];
  code.split('\n').forEach((text, line) => {
    const found = /^\t\/\/ (\S+\.(?:ts|js|mjs|cjs))$/.exec(text);
    if (found) starts.push([line, found[1]!]);
  });
  return (line) => {
    let name = '(bundle head)';
    for (const [start, module] of starts) if (start <= line) name = module;
    return name;
  };
}

/** Adds µs to `key` in `into`. */
const add = (into: Map<string, number>, key: string, us: number) => into.set(key, (into.get(key) ?? 0) + us);

/** Self time per function and per module, and inclusive time per function, of one profile. */
function tally(
  profile: Profile,
  moduleOf: (line: number) => string,
  totals: Record<string, Map<string, number>>,
) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.endsWith('background.js') ? moduleOf(lineNumber) : url || '(native)';
    return `${functionName || '(anonymous)'} @ ${where}:${lineNumber + 1}`;
  };
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    add(totals.self!, label(node), us);
    const { url, lineNumber, functionName } = node.callFrame;
    add(
      totals.modules!,
      url.endsWith('background.js') ? moduleOf(lineNumber) : functionName || '(native)',
      us,
    );
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (!seen.has(name)) add(totals.inclusive!, name, us);
      seen.add(name);
    }
  });
}

/** Evaluates `expression` (a promise) in the session's context; its value. */
async function evaluate(cdp: Cdp, sessionId: string, expression: string, awaitPromise = true) {
  const { result, exceptionDetails } = await cdp.send(
    'Runtime.evaluate',
    { expression, awaitPromise, returnByValue: true },
    sessionId,
  );
  if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
  return result.value;
}

// COUNT=1: the storage calls of each wake, counted by wrapping chrome.storage before background.js runs; with
// them, in the order made, the IndexedDB transactions and the steps that mark a quick push's way to the
// clipboard (the page's selection read, the create's fetch, the message to the offscreen document that
// copies), so the list shows which calls come before the copy.
const COUNT_STORAGE = `(() => {
  const calls = (globalThis.benchCalls = []);
  const wrap = (owner, name, label, show) => {
    const real = owner[name];
    owner[name] = function (...args) {
      calls.push(label + ' ' + show(args).slice(0, 60));
      return real.apply(this, args);
    };
  };
  for (const area of ['local', 'session', 'managed'])
    for (const name of ['get', 'set', 'remove'])
      wrap(chrome.storage[area], name, area + '.' + name, (args) => JSON.stringify(args[0] ?? null));
  wrap(IDBDatabase.prototype, 'transaction', 'idb.transaction', (args) => JSON.stringify(args));
  wrap(chrome.scripting, 'executeScript', 'scripting.executeScript', () => '');
  wrap(globalThis, 'fetch', 'fetch', (args) => String(args[0]));
  wrap(chrome.runtime, 'sendMessage', 'runtime.sendMessage', (args) => String(args[0]?.type ?? ''));
  return 1;
})()`;

/** Pauses on background.js's first line, wraps chrome.storage (COUNT_STORAGE) there, and lets it run on. */
async function countStorage(cdp: Cdp, session: string): Promise<void> {
  const paused = new Promise<string>((resolve) => {
    const stop = cdp.on((method, params, sessionId) => {
      if (method !== 'Debugger.paused' || sessionId !== session) return;
      stop();
      resolve((params.callFrames as Json[])[0]!.callFrameId as string);
    });
  });
  await cdp.send('Debugger.enable', {}, session);
  await cdp.send('Debugger.setBreakpointByUrl', { urlRegex: 'background\\.js$', lineNumber: 0 }, session);
  void (async () => {
    const callFrameId = await paused;
    await cdp.send('Debugger.evaluateOnCallFrame', { callFrameId, expression: COUNT_STORAGE }, session);
    await cdp.send('Debugger.disable', {}, session);
    await cdp.send('Debugger.resume', {}, session).catch(() => undefined);
  })();
}

const SECRET = 'vpn user: bob\nvpn pass: 7f3a-hunter2';
const TOKEN = 'bench-profile-token-0123';

/**
 * QUICK=1 (with the bench's e2e build): a quick push runs on each wake, as in test/bench/quick.ts (the same
 * seam, `menuClicked` on a page with a selection, against the Node host), and the profile ends with it.
 * Returns the expression that runs it in the worker, after one push that opens the offscreen document.
 */
async function quickSetup(cdp: Cdp, worker: string, closers: (() => Promise<unknown>)[]): Promise<string> {
  const host = await startMockHost({
    port: 0,
    rateLimit: 0,
    users: [{ email: 'p@example.com', token: TOKEN }],
  });
  closers.push(() => host.close());
  const site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Notes</title><pre id="secret">${SECRET}</pre>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => (site.closeAllConnections(), site.close(resolve))));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const url = host.baseUrl;
  const settings = {
    server: {
      defaultUrl: url,
      servers: [{ kind: 'self-hosted', url, edition: 'pro', tokenPlace: 'device' }],
    },
    server$: { v: 2 },
    serverTokens: { [url]: { value: TOKEN, origin: new URL(url).origin } },
    demoMode: false,
  };
  await evaluate(cdp, worker, `chrome.storage.local.set(${JSON.stringify(settings)})`);
  const { targetId } = await cdp.send('Target.createTarget', { url: `${siteUrl}/notes.html` });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  await sleep(500);
  await evaluate(cdp, sessionId, `getSelection().selectAllChildren(document.getElementById('secret')); 1`);
  const tabId = await evaluate(
    cdp,
    worker,
    `chrome.tabs.query({ url: '${siteUrl}/*' }).then((t) => t[0].id)`,
  );
  const info = { menuItemId: MENU_IDS.selection, selectionText: SECRET, frameId: 0 };
  const run = `(async () => {
    while (!globalThis.secretPushQuickPush) await new Promise((resolve) => setTimeout(resolve, 1));
    const outcome = await globalThis.secretPushQuickPush.menuClicked(${JSON.stringify(info)}, { id: ${tabId} });
    if (outcome.status !== 'pushed' || !outcome.copied) throw new Error(outcome.message);
    return outcome.link;
  })()`;
  await evaluate(cdp, worker, run);
  return run;
}

/** One wake: the worker stopped, held at its start, profiled from there until it has run for a while. */
async function profileWake(
  cdp: Cdp,
  statuses: Map<string, string[]>,
  sessions: string[],
  page: string,
  workerUrl: string,
  quick?: string,
) {
  await cdp.send('Runtime.evaluate', { expression: WAKE }, page);
  await workerStatus(statuses, workerUrl, 'running');
  // A session left on the worker would carry over to its next start, which then would not wait for us.
  for (const sessionId of sessions.splice(0)) await cdp.send('Target.detachFromTarget', { sessionId });
  const before = statuses.get(workerUrl)?.length ?? 0;
  await cdp.send('ServiceWorker.stopAllWorkers', {}, page);
  await workerStatus(statuses, workerUrl, 'stopped', before);
  const attached = new Promise<string>((resolve) => {
    const stop = cdp.on((method, params) => {
      if (method !== 'Target.attachedToTarget' || (params.targetInfo as Json).url !== workerUrl) return;
      stop();
      resolve(params.sessionId as string);
    });
  });
  await cdp.send('Runtime.evaluate', { expression: WAKE }, page);
  const session = await attached;
  await cdp.send('Profiler.enable', {}, session);
  await cdp.send('Profiler.setSamplingInterval', { interval: 20 }, session);
  const counted = process.env.COUNT === '1' ? countStorage(cdp, session) : undefined;
  await cdp.send('Profiler.start', {}, session);
  await cdp.send('Runtime.runIfWaitingForDebugger', {}, session);
  await counted;
  if (quick) await evaluate(cdp, session, quick);
  else await sleep(1500); // the top level, the waking message and what the start's listeners do
  if (process.env.COUNT === '1')
    console.log(await evaluate(cdp, session, 'JSON.stringify(globalThis.benchCalls)'));
  const { profile } = await cdp.send('Profiler.stop', {}, session);
  return profile as Profile;
}

async function main(): Promise<void> {
  const extDir = path.resolve(process.argv[2] ?? '.output/bench/chrome-mv3');
  const wakes = Number(process.argv[3] ?? 8);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bg-profile-'));
  const ext = path.join(work, 'ext');
  fs.cpSync(extDir, ext, { recursive: true });
  fs.writeFileSync(path.join(ext, 'bench-wake.html'), WAKE_PAGE);
  const moduleOf = modulesOf(fs.readFileSync(path.join(ext, 'background.js'), 'utf8'));
  const closers: (() => Promise<unknown>)[] = [];
  const child = spawnPipeChromium(work, [ext]);
  try {
    const cdp = pipeClient(child);
    const statuses = workerStatuses(cdp);
    let workerUrl: string | undefined;
    const sessions: string[] = [];
    cdp.on((method, params) => {
      const info = params?.targetInfo as Json | undefined;
      if (method === 'Target.targetCreated' && info?.type === 'service_worker') workerUrl = String(info.url);
      if (method === 'Target.attachedToTarget' && info?.type === 'service_worker')
        sessions.push(params.sessionId as string);
    });
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    for (let i = 0; i < 100 && !workerUrl; i++) await sleep(100);
    if (!workerUrl) throw new Error('the extension did not start its worker');
    await sleep(1000);
    const page = await openPage(cdp, workerUrl);
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'service_worker' }],
    });
    const quick = process.env.QUICK === '1' ? await quickSetup(cdp, sessions[0]!, closers) : undefined;
    const totals = { self: new Map(), modules: new Map(), inclusive: new Map() };
    for (let i = 0; i < wakes; i++) {
      const profile = await profileWake(cdp, statuses, sessions, page, workerUrl, quick);
      // PROFILE_OUT=dir: each wake's profile as a .cpuprofile, for DevTools' Performance panel or a script.
      if (process.env.PROFILE_OUT) {
        fs.mkdirSync(process.env.PROFILE_OUT, { recursive: true });
        fs.writeFileSync(path.join(process.env.PROFILE_OUT, `wake-${i}.cpuprofile`), JSON.stringify(profile));
      }
      tally(profile, moduleOf, totals);
    }
    const print = (title: string, map: Map<string, number>, count: number) => {
      console.log(`\n${title} (ms per wake, mean of ${wakes})`);
      for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
        console.log(`${(us / 1000 / wakes).toFixed(2).padStart(8)}  ${name}`);
    };
    print('Self time by module', totals.modules, 30);
    print('Self time by function', totals.self, 30);
    print('Inclusive time by function', totals.inclusive, 40);
  } finally {
    for (const close of closers) await close();
    child.kill();
    await sleep(300);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
