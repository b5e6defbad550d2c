/**
 * Quick push (issue 22): the context-menu entry → the new link on the clipboard, in Chromium against the Node
 * host on loopback with a saved token, warm (worker awake) and cold (worker stopped first), each against
 * Chrome's own floor for the same steps, measured in the same run.
 *
 * The entry is the journeys' seam (lib/quick-push/e2e-hook.ts): the very handler contextMenus.onClicked
 * calls, `menuClicked` for "Push selected text" on a page with a selection, so everything after it is the
 * real extension (the selection read through scripting, settings and token, the create request, the
 * record, the offscreen document's clipboard write, the notification). Times are taken on Chrome's clock,
 * not around the debugger's round trips: warm, in the worker from the handler's entry until the copy;
 * cold, from the wake-up message leaving the page until the copy in the new worker.
 *
 * Warm floor: the two steps quick push cannot skip, done bare in the same service worker and alternated with
 * the warm runs: reading the selection with one scripting.executeScript, and the same create request by one
 * fetch. Cold floor: a blank extension's service worker woken the same way (alternated with the cold runs),
 * plus the warm figure.
 *
 * Cold: the service worker is stopped through the DevTools protocol (ServiceWorker.stopAllWorkers on the
 * extension's storage partition) and we wait until Chromium reports it gone. The trigger must then wake it as
 * the browser does for a click: Chromium starts a stopped worker to deliver an extension event, evaluates
 * background.js in full (every listener is added at top level), then dispatches the event. No test can
 * click the native menu, so the event the browser delivers here is a runtime message from an extension page
 * (a blank page copied into the bench build, no listener of its own): a real event that starts the worker
 * the same way. The moment the new worker's seam exists, the same `menuClicked` runs in it. What this adds
 * over a real click: the debugger's attach to the new worker (Playwright auto-attaches) and one evaluate
 * round trip; what it does not skip: the start, the evaluation of background.js, every listener's set-up.
 *
 * Every run is checked: the clipboard (read in an extension page) holds the outcome's link and the server
 * has the push (retrieved with the owner's token). Nothing here asserts a time (rows.ts judges).
 */
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApiClient, type ApiClient } from '@/lib/api';
import { createFields, encodeCreate } from '@/lib/api/create';
import { startMockHost } from '@/lib/mock/host/server';
import type { QuickPushHandlers } from '@/lib/quick-push/background';
import { MENU_IDS, type MenuClick } from '@/lib/quick-push/menus';
import type { QuickPushOutcome } from '@/lib/quick-push/types';
import { CHROMIUM, CHROMIUM_ARGS, welcomePage } from '../journeys/browsers/chromium';
import { saveServerIn } from '../saved-server';
import { median, ms, pairedRuns, type Interval, type Row } from './rows';

export const WARM_BUDGET_RATIO = 1.2;
/**
 * 1.4× since issue 40 (1.3× before): a profile of the cold wake (background-profile.ts) put the rest of it,
 * about 0.35× of the floor, in Chrome's own start of the worker and in binding the events the product must
 * hear (menus, commands, alarms, storage, runtime messages), which a blank extension's worker does not.
 */
export const COLD_BUDGET_RATIO = 1.4;

const TOKEN = 'bench-quick-token-0123';
const SECRET = 'vpn user: bob\nvpn pass: 7f3a-hunter2';
const BLANK = 'bench-blank-quick.html';

export interface QuickPushFigures {
  /** Median ms, menu entry → the link copied in the offscreen document, worker awake. */
  warmMs: number;
  /** Median ms, menu entry → handler done (the notification shown too), worker awake. */
  warmHandlerMs: number;
  /**
   * Median ms of the same create request sent with a bare fetch from the extension's service worker (no
   * extension code around it), alternated with the others: what Chrome's network costs on its own.
   */
  workerFetchMs: number;
  /**
   * Median ms of reading the page's selection with a bare scripting.executeScript from the service worker
   * (the step quick push cannot skip: the menu's selectionText loses the selection's line breaks).
   */
  selectionReadMs: number;
  /** Median of each warm run over the bare read + bare fetch beside it (rows.ts pairedRatio). */
  warmRatio: number;
  /** Its 90 % interval (rows.ts pairedInterval). */
  warmInterval?: Interval;
  /** Median of each cold run over the blank wake beside it + the warm median. */
  coldRatio: number;
  /** Its 90 % interval (rows.ts pairedInterval). */
  coldInterval?: Interval;
  /** Median ms, wake-up event sent → the link copied, the worker stopped before each run. */
  coldMs: number;
  /** Median ms, wake-up event sent → the handler entered (worker started, background.js evaluated). */
  wakeMs: number;
  /** Median ms, in the new worker: the handler entered → the link copied. */
  coldHandlerMs: number;
  /**
   * Median ms, the same wake-up of a service worker that does nothing (a second, blank extension loaded only
   * in the bench: one message listener), alternated with the cold runs: Chrome's own cost of a wake.
   */
  blankWakeMs: number;
  /**
   * Median ms, the same wake-up of the blank worker carrying background.js's bytes as a function it never
   * calls (a third extension, alternated with the others): what the script's size alone costs a wake, so
   * the row shows how much of the cold push's excess is bytes Chrome loads and compiles before any of our
   * code runs. Reported, not judged.
   */
  sizedWakeMs?: number;
  /** background.js's size in bytes, as the sized blank worker carries it. */
  scriptBytes?: number;
  runs: number;
}

type Hook = { secretPushQuickPush?: QuickPushHandlers };

/** A web page with the secret to select (the quick-push journeys' page). */
function startSite(): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Notes</title><pre id="secret">${SECRET}</pre>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Runs `menuClicked` in the worker as soon as its seam exists: at once when awake, right after background.js
 * has been evaluated when it just woke. Resolves with the outcome; the times (epoch ms, Chrome's clock) when
 * the seam was there, when the handler was entered and when it was done; and whether this worker had run no
 * quick push of the bench before (a worker that really restarted).
 */
function clickMenu(worker: Worker, info: MenuClick, tabId: number) {
  return worker.evaluate(
    async ({ info, tabId }) => {
      const hook = globalThis as unknown as Hook;
      while (!hook.secretPushQuickPush) await new Promise((resolve) => setTimeout(resolve, 1));
      const entered = performance.timeOrigin + performance.now();
      // A worker that ran a push before carries this mark: a cold run must find none.
      const fresh = !('secretPushBenchRan' in globalThis);
      const outcome = await hook.secretPushQuickPush.menuClicked(info, { id: tabId });
      const done = performance.timeOrigin + performance.now();
      Object.assign(globalThis, { secretPushBenchRan: true });
      return { entered, done, fresh, outcome };
    },
    { info, tabId },
  );
}

/**
 * Checks that the run really worked: its link on the clipboard, its push on the server. Then the site's tab
 * is in front again, as it is when a person right-clicks in it (a background tab's renderer runs at a lower
 * priority, which slowed the selection read).
 */
async function check({ blank, page, owner }: Setup, outcome: QuickPushOutcome): Promise<void> {
  if (outcome.status !== 'pushed' || !outcome.copied)
    throw new Error(`quick push failed: ${outcome.message}`);
  await blank.bringToFront();
  const clipboard = await blank.evaluate(() => navigator.clipboard.readText());
  if (clipboard !== outcome.link) throw new Error(`the clipboard holds ${clipboard}, not ${outcome.link}`);
  const push = await owner.retrievePush(new URL(outcome.link).pathname.split('/')[2]!);
  if (push.payload !== SECRET) throw new Error('the server has not got the pushed text');
  await page.bringToFront();
}

/**
 * The moment the link goes onto the clipboard: the offscreen document's `copy` event (its execCommand
 * fires it as it copies), timed on Chrome's clock by a listener the bench adds through the DevTools
 * protocol. The document outlives the worker, so one listener serves warm and cold runs; a document
 * Chrome replaced would have none, and the run fails rather than report a wrong time.
 */
async function copyClock(context: BrowserContext): Promise<() => Promise<number>> {
  const cdp = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const offscreen = targetInfos.find((target) => target.url.endsWith('/offscreen.html'));
  if (!offscreen) throw new Error('no offscreen document after the first quick push');
  // Playwright's session cannot address a flat child session: messages go through the browser target.
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: offscreen.targetId,
    flatten: false,
  });
  const replies = new Map<number, (value: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: unknown } } };
    if (event.sessionId === sessionId && reply.id !== undefined)
      replies.get(reply.id)?.(reply.result?.result?.value);
  });
  let nextId = 0;
  const run = (expression: string) =>
    new Promise<unknown>((resolve) => {
      const id = ++nextId;
      replies.set(id, resolve);
      const message = JSON.stringify({
        id,
        method: 'Runtime.evaluate',
        params: { expression, returnByValue: true },
      });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message });
    });
  await run(`document.addEventListener('copy', () => {
    globalThis.secretPushBenchCopied = performance.timeOrigin + performance.now();
  }); true`);
  return async () => {
    const copied = await run('globalThis.secretPushBenchCopied ?? 0');
    await run('globalThis.secretPushBenchCopied = 0');
    if (typeof copied !== 'number' || copied === 0)
      throw new Error('the copy was not seen in the offscreen document');
    return copied;
  };
}

type Versions = { versions: Array<{ scriptURL: string; runningStatus: string }> };

/**
 * Stops the extension's service worker through the DevTools protocol (ServiceWorker.stopAllWorkers on a
 * session of an extension page: the extension's storage partition) and waits until Chromium reports it
 * stopped. Playwright keeps the worker's target across the stop, so the same Worker runs in the next one.
 */
async function stopWorker(blank: Page, script = '/background.js'): Promise<void> {
  const cdp = await blank.context().newCDPSession(blank);
  try {
    const stopped = new Promise<void>((resolve) =>
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: Versions) => {
        const ours = versions.filter((v) => v.scriptURL.endsWith(script));
        if (ours.length > 0 && ours.every((v) => v.runningStatus === 'stopped')) resolve();
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
  } finally {
    await cdp.detach();
  }
}

interface Setup {
  worker: Worker;
  blank: Page;
  /** The site's tab, with the secret selected. */
  page: Page;
  tabId: number;
  owner: ApiClient;
  /** The blank extension's worker and page (BLANK_EXTENSION). */
  blankWorker: Worker;
  blankPage: Page;
  /** The sized blank extension's worker and page (sizedBlankExtension). */
  sizedWorker: Worker;
  sizedPage: Page;
  /** When the last copy happened in the offscreen document (epoch ms, Chrome's clock). */
  copiedAt: () => Promise<number>;
}

/**
 * The create request the API client sends (lib/api/transport.ts: its headers, body and fetch options), sent
 * with a bare fetch from the service worker and timed there: the floor any extension code stands on.
 */
function workerFetch(worker: Worker, baseUrl: string): Promise<number> {
  const body = encodeCreate(createFields({ kind: 'text', payload: SECRET }, 'pro'), undefined) as string;
  return worker.evaluate(
    async ({ url, token, body }) => {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
        },
        body,
        credentials: 'omit',
        redirect: 'manual',
      });
      const text = await response.text();
      const took = performance.now() - started;
      if (response.status !== 201 || !JSON.parse(text).url_token)
        throw new Error(`bare create: ${response.status}`);
      return took;
    },
    { url: `${baseUrl}/api/v2/pushes`, token: TOKEN, body },
  );
}

/** A bare scripting.executeScript reading the tab's selection, timed in the service worker. */
function selectionRead(worker: Worker, tabId: number): Promise<number> {
  return worker.evaluate(async (tabId) => {
    // tsx names the function below with a helper the worker lacks (esbuild's keepNames): give it one.
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
    const started = performance.now();
    const [read] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () => window.getSelection()?.toString() ?? '',
    });
    const took = performance.now() - started;
    if (!read?.result) throw new Error('bare selection read: nothing selected');
    return took;
  }, tabId);
}

/** Alternates `runs` warm quick pushes with `runs` bare selection reads and bare creates from the worker. */
async function measureWarm(setup: Setup, info: MenuClick, runs: number) {
  const warm: number[] = [];
  const handler: number[] = [];
  const bare: number[] = [];
  const reads: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { entered, done, outcome } = await clickMenu(setup.worker, info, setup.tabId);
    warm.push((await setup.copiedAt()) - entered);
    handler.push(done - entered);
    await check(setup, outcome);
    bare.push(await workerFetch(setup.worker, setup.owner.baseUrl));
    reads.push(await selectionRead(setup.worker, setup.tabId));
  }
  const { paired, interval } = pairedRuns(
    warm,
    reads.map((read, i) => read + bare[i]!),
  );
  return {
    warmMs: median(warm),
    warmHandlerMs: median(handler),
    workerFetchMs: median(bare),
    selectionReadMs: median(reads),
    warmRatio: paired,
    warmInterval: interval,
  };
}

// Sent from an extension page, its time taken there (Chrome's clock, as the worker's): nobody answers this
// message, so its promise rejects (ignored). Not awaited by the caller until the worker has run.
const sendWake = (page: Page) =>
  page.evaluate(() => {
    const sentAt = performance.timeOrigin + performance.now();
    void chrome.runtime.sendMessage({ bench: 'wake' }).catch(() => undefined);
    return sentAt;
  });

/** A service worker that does nothing but listen, with a page to wake it from: the wake-up's floor. */
export const BLANK_EXTENSION = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'bench blank worker',
    version: '1',
    background: { service_worker: 'blank-worker.js' },
  }),
  'blank-worker.js': 'chrome.runtime.onMessage.addListener(() => {}); globalThis.benchAwake = true;',
  'page.html': '<!doctype html><title>blank</title>',
};

/**
 * The blank worker carrying `script` unrun: the same listener, then the script's text as the body of a
 * function nothing calls. Chrome loads and compiles it at every wake as it does background.js; none of it runs.
 */
export function sizedBlankExtension(script: string): Record<string, string> {
  return {
    ...BLANK_EXTENSION,
    'manifest.json': JSON.stringify({
      manifest_version: 3,
      name: 'bench sized blank worker',
      version: '1',
      background: { service_worker: 'sized-worker.js' },
    }),
    'sized-worker.js': `${BLANK_EXTENSION['blank-worker.js']}\nfunction neverCalled() {\n${script}\n}\n`,
  };
}

/** One wake-up of the blank extension's worker: stopped, woken by a message, until its script has run. */
async function blankWake(worker: Worker, page: Page, script = '/blank-worker.js'): Promise<number> {
  await stopWorker(page, script);
  const sent = sendWake(page);
  const awake = await worker.evaluate(async () => {
    while (!('benchAwake' in globalThis)) await new Promise((resolve) => setTimeout(resolve, 1));
    return performance.timeOrigin + performance.now();
  });
  return awake - (await sent);
}

/**
 * `runs` cold quick pushes: the worker stopped, then woken by a runtime message from the blank page;
 * alternated with as many wake-ups of the blank extension's worker.
 */
async function measureCold(setup: Setup, info: MenuClick, runs: number, warmMs: number) {
  const cold: number[] = [];
  const wake: number[] = [];
  const handler: number[] = [];
  const blankWakes: number[] = [];
  const sizedWakes: number[] = [];
  for (let i = 0; i < runs; i++) {
    blankWakes.push(await blankWake(setup.blankWorker, setup.blankPage));
    sizedWakes.push(await blankWake(setup.sizedWorker, setup.sizedPage, '/sized-worker.js'));
    await stopWorker(setup.blank);
    const sent = sendWake(setup.blank);
    const { entered, outcome, fresh } = await clickMenu(setup.worker, info, setup.tabId);
    if (!fresh) throw new Error('the quick push ran in the worker that was to be stopped');
    const copied = await setup.copiedAt();
    cold.push(copied - (await sent));
    wake.push(entered - (await sent));
    handler.push(copied - entered);
    await check(setup, outcome);
  }
  const { paired, interval } = pairedRuns(
    cold,
    blankWakes.map((wake) => wake + warmMs),
  );
  return {
    coldMs: median(cold),
    wakeMs: median(wake),
    coldHandlerMs: median(handler),
    blankWakeMs: median(blankWakes),
    sizedWakeMs: median(sizedWakes),
    coldRatio: paired,
    coldInterval: interval,
  };
}

/** The service worker whose script is `script`, once it is there. */
async function workerOf(context: BrowserContext, script: string): Promise<Worker> {
  for (;;) {
    const found = context.serviceWorkers().find((w) => w.url().endsWith(script));
    if (found) return found;
    await context.waitForEvent('serviceworker');
  }
}

/**
 * Launches Chromium with the journeys' build (`extDir`) and measures warm and cold quick pushes: 30
 * paired runs: with fewer, the median swung about ±0.1× from one full run to the next on a 2-core machine (issue 40).
 */
export async function measureQuickPush(extDir: string, runs = 30): Promise<QuickPushFigures> {
  const host = await startMockHost({
    port: 0,
    rateLimit: 0,
    users: [{ email: 'q@example.com', token: TOKEN }],
  });
  const site = await startSite();
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-'));
  fs.writeFileSync(path.join(extDir, BLANK), '<!doctype html><title>blank</title>');
  const blankDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-blank-'));
  for (const [name, text] of Object.entries(BLANK_EXTENSION))
    fs.writeFileSync(path.join(blankDir, name), text);
  const script = fs.readFileSync(path.join(extDir, 'background.js'), 'utf8');
  const sizedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-sized-'));
  for (const [name, text] of Object.entries(sizedBlankExtension(script)))
    fs.writeFileSync(path.join(sizedDir, name), text);
  const both = `${extDir},${blankDir},${sizedDir}`;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--disable-extensions-except=${both}`, `--load-extension=${both}`, ...CHROMIUM_ARGS],
  });
  try {
    await context.grantPermissions(['clipboard-read']);
    const worker = await workerOf(context, '/background.js');
    const blankWorker = await workerOf(context, '/blank-worker.js');
    const blankPage = await context.newPage();
    await blankPage.goto(`chrome-extension://${new URL(blankWorker.url()).host}/page.html`);
    const sizedWorker = await workerOf(context, '/sized-worker.js');
    const sizedPage = await context.newPage();
    await sizedPage.goto(`chrome-extension://${new URL(sizedWorker.url()).host}/page.html`);
    await welcomePage(context);
    await saveServerIn(worker, host.baseUrl, TOKEN);
    const blank = await context.newPage();
    await blank.goto(`chrome-extension://${new URL(worker.url()).host}/${BLANK}`);
    const page = await context.newPage();
    await page.goto(`${siteUrl}/notes.html`);
    await page.locator('#secret').selectText();
    const tabId = await worker.evaluate(
      async (url) => (await chrome.tabs.query({ url: `${url}/*` }))[0]!.id!,
      siteUrl,
    );
    const owner = createApiClient({ baseUrl: host.baseUrl, token: TOKEN });
    const first: Setup = {
      worker,
      blank,
      page,
      tabId,
      owner,
      blankWorker,
      blankPage,
      sizedWorker,
      sizedPage,
      copiedAt: async () => 0,
    };
    const info: MenuClick = { menuItemId: MENU_IDS.selection, selectionText: SECRET, frameId: 0 };
    // One push first: the offscreen document, the idb cache and the connection exist as after any first use.
    await check(first, (await clickMenu(worker, info, tabId)).outcome);
    const setup: Setup = { ...first, copiedAt: await copyClock(context) };
    const warm = await measureWarm(setup, info, runs);
    const cold = await measureCold(setup, info, runs, warm.warmMs);
    return { ...warm, ...cold, scriptBytes: Buffer.byteLength(script), runs };
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    fs.rmSync(path.join(extDir, BLANK), { force: true });
    fs.rmSync(blankDir, { recursive: true, force: true });
    fs.rmSync(sizedDir, { recursive: true, force: true });
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
    await host.close();
  }
}

/** What the script's size alone costs a wake (reported, not judged), when the run measured it. */
function sizedNote(q: QuickPushFigures): string {
  if (q.sizedWakeMs === undefined || q.scriptBytes === undefined) return '';
  const size = `${(q.scriptBytes / 1024).toFixed(1)} KB`;
  const share = (q.sizedWakeMs - q.blankWakeMs) / (q.blankWakeMs + q.warmMs);
  return `; the blank worker carrying background.js's ${size} unrun wakes in ${ms(q.sizedWakeMs)}: the script's size alone is ${share.toFixed(2)}× of the floor`;
}

/**
 * The two rows: warm against its floor (bare selection read + bare worker fetch), cold against its floor
 * (a blank worker's wake + the warm figure).
 */
export function quickPushRows(q: QuickPushFigures): Row[] {
  const warmFloor = q.selectionReadMs + q.workerFetchMs;
  return [
    {
      name: 'Quick push, warm',
      figure: { value: q.warmMs, unit: 'ms', what: 'menu entry → link on the clipboard, worker awake' },
      floor: {
        value: warmFloor,
        unit: 'ms',
        what: `= bare selection read ${ms(q.selectionReadMs)} + bare worker fetch ${ms(q.workerFetchMs)}`,
      },
      budget: { kind: 'ratio', max: WARM_BUDGET_RATIO },
      paired: q.warmRatio,
      interval: q.warmInterval,
      note: `medians of ${q.runs}, alternated; ${ms(q.warmHandlerMs)} until the handler is done (the notification shown too)`,
    },
    {
      name: 'Quick push, cold',
      figure: {
        value: q.coldMs,
        unit: 'ms',
        what: `(woken after ${ms(q.wakeMs)}, then ${ms(q.coldHandlerMs)} to the copy)`,
      },
      floor: {
        value: q.blankWakeMs + q.warmMs,
        unit: 'ms',
        what: `= blank worker wake ${ms(q.blankWakeMs)} + warm ${ms(q.warmMs)}`,
      },
      budget: { kind: 'ratio', max: COLD_BUDGET_RATIO },
      paired: q.coldRatio,
      interval: q.coldInterval,
      note: `medians of ${q.runs}; the worker stopped before each run, alternated with the blank worker's wake${sizedNote(q)}`,
    },
  ];
}
