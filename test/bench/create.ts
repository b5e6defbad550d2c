/**
 * Create → link (issue 37, item 9): the popup's text push, timed in the popup from the click on Create until
 * the link is shown, in Chromium with the journeys' build against a Node mock host on loopback with a saved
 * token. Both popups are the real ones: `chrome.action.openPopup()` from each extension's service worker
 * opens the toolbar popup over a web page, which is in front as it is when a person clicks the icon. Before
 * the click each popup is left to settle as a person's typing or aiming would (`settled`).
 *
 * Floor: the same create request (the very body the popup sent in the unmeasured first round, the same
 * token, the same host) sent by one bare `fetch` from a blank extension page of ours, alternated with the
 * popup's runs. Peer: the official extension (apnotic/pwpush-chrome-extension, vendored in test/bench/peer
 * for this bench only, see its README) loaded beside ours, its "Push Current URL" timed the same way (click →
 * link shown) against the same host, pushing the same text (the page's address), alternated too.
 *
 * The host is the mock service with a counter wrapped round its handler (no proxy: nothing is added to the
 * way): every request from a click until the popup is closed again is recorded, and each side must send
 * exactly one POST per push. Every push is then read back from the server with the owner's token.
 */
import { chromium, type BrowserContext, type CDPSession, type Worker } from '@playwright/test';
import * as fakeIndexedDB from 'fake-indexeddb';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiClient } from '@/lib/api';
import { createMockBackend, openMockStore } from '@/lib/mock';
import { listenHttp } from '@/lib/mock/host/http-host';
import { CHROMIUM, CHROMIUM_ARGS, welcomePage } from '../journeys/browsers/chromium';
import { saveServerIn } from '../saved-server';
import { median, pairedRuns, type Row } from './rows';

export const CREATE_BUDGET_RATIO = 1.2;
/** "No slower than the official extension": ours ≤ 1× the peer's. */
export const PEER_BUDGET_RATIO = 1;

const USER = { email: 'bench-create@example.com', token: 'bench-create-token-0123' };
const BLANK = 'bench-blank-create.html';
const PEER_DIR = path.join(import.meta.dirname, 'peer');
/** A person's least time between the popup's readiness (ours: the text typed) and the click. */
const SETTLE_MS = 500;
/** …and no request at the host for this long before it. */
const QUIET_MS = 300;

export interface CreateFigures {
  runs: number;
  /** Each run's ms from the click on Create until the link is shown, ours. */
  oursRuns: number[];
  /** Each run's ms of the same create by one bare fetch from a blank extension page. */
  bareRuns: number[];
  /** Each run's ms from the click on "Push Current URL" until the link is shown, the official extension. */
  peerRuns: number[];
  /** POSTs the host received per push, each side (every entry must be 1). */
  posts: { ours: number[]; peer: number[] };
  /** Requests other than the one POST seen between a click and the popup closed, "GET /api/v2/…". */
  others: { ours: string[]; peer: string[] };
}

interface Seen {
  method: string;
  path: string;
  body?: string;
  /** Date.now() when it arrived. */
  at: number;
}

/** The mock host with every request it answers recorded (method, path; a POST's body too). */
async function startCountedHost() {
  // What startMockHost provides for idb in Node: the global IDB classes (fake-indexeddb's).
  const scope = globalThis as Record<string, unknown>;
  for (const name of Object.keys(fakeIndexedDB).filter((key) => key.startsWith('IDB')))
    scope[name] ??= (fakeIndexedDB as Record<string, unknown>)[name];
  const http = await listenHttp({ port: 0 });
  const store = await openMockStore({ indexedDB: new fakeIndexedDB.IDBFactory() });
  const backend = createMockBackend({ store, baseUrl: http.baseUrl, users: [USER], rateLimit: 0 });
  const seen: Seen[] = [];
  http.serve(async (request, info) => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.clone().text() : undefined;
    seen.push({ method: request.method, path: url.pathname, body, at: Date.now() });
    return backend(request, info);
  });
  return { baseUrl: http.baseUrl, seen, close: () => http.close() };
}

type Host = Awaited<ReturnType<typeof startCountedHost>>;

/**
 * Evaluates expressions in a page Playwright does not list (a toolbar popup), through the browser's DevTools
 * session: attached unflattened, its messages go through the browser target (as quick.ts's copy clock).
 */
async function attach(cdp: CDPSession, targetId: string) {
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: false });
  const replies = new Map<number, (reply: EvalReply) => void>();
  const listener = (event: { sessionId?: string; message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: EvalReply };
    if (event.sessionId === sessionId && reply.id !== undefined) replies.get(reply.id)?.(reply.result ?? {});
  };
  cdp.on('Target.receivedMessageFromTarget', listener);
  let nextId = 0;
  const evaluate = async (expression: string): Promise<unknown> => {
    const id = ++nextId;
    const reply = new Promise<EvalReply>((resolve) => replies.set(id, resolve));
    const params = { expression, returnByValue: true, awaitPromise: true };
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.evaluate', params }),
    });
    const { result, exceptionDetails } = await reply;
    if (exceptionDetails)
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'evaluate failed');
    return result?.value;
  };
  const detach = () => cdp.off('Target.receivedMessageFromTarget', listener);
  return { evaluate, detach };
}

interface EvalReply {
  result?: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

/** The page targets whose URL is `url`, once there (or, `gone`, once none is). */
async function popupTarget(cdp: CDPSession, url: string, gone = false): Promise<string | undefined> {
  for (let tries = 0; tries < 1000; tries++) {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const found = targetInfos.find((target) => target.type === 'page' && target.url === url);
    if (gone ? !found : found) return found?.targetId;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url}: the popup did not ${gone ? 'close' : 'open'}`);
}

// Runs in a popup: `poll` is called until it resolves; after 20 s, rejects with what the page shows.
const DEADLINE = `const deadline = Date.now() + 20000;
  const late = () => Date.now() > deadline && (reject(new Error('not ready: ' + document.body.innerText)), true);`;

// Runs in our popup: once its settings are read and the Secret field takes input, types `text` into it.
// A popup that reopens on the last result (issue 37's hand-off) is asked for a new push first.
const OURS_READY = (text: string) => `new Promise((resolve, reject) => {
  ${DEADLINE}
  const poll = () => {
    if (late()) return;
    const named = (...names) => [...document.querySelectorAll('button')].find((b) => names.includes(b.textContent.trim()));
    const field = [...document.querySelectorAll('textarea, input')].find((el) =>
      (el.labels && [...el.labels].some((l) => l.textContent.trim().startsWith('Secret'))) ||
      el.getAttribute('aria-label') === 'Secret');
    const create = named('Create push');
    if (!field || !create || field.disabled || document.body.innerText.includes('Getting ready')) {
      if (!field && !document.body.innerText.includes('Getting ready')) named('New push', 'Done')?.click();
      return setTimeout(poll, 5);
    }
    field.focus();
    field.value = ${JSON.stringify(text)};
    field.dispatchEvent(new Event('input', { bubbles: true }));
    resolve(true);
  };
  poll();
})`;

// Runs in the peer's popup: once its settings are read (the server shown, the button enabled).
const PEER_READY = (server: string) => `new Promise((resolve, reject) => {
  ${DEADLINE}
  const poll = () => {
    if (late()) return;
    const button = document.getElementById('pushUrlButton');
    const ready = button && !button.disabled &&
      document.getElementById('serverValue').textContent.trim() === ${JSON.stringify(server)};
    return ready ? resolve(true) : setTimeout(poll, 5);
  };
  poll();
})`;

/**
 * Runs in a popup: clicks `button` and resolves with ms from the click until `shown()` gives a link other than
 * the one shown before the click, if any (a mutation observer, checked at every change), and the link;
 * rejects on `failed()`'s text.
 */
const TIMED_CLICK = (button: string, shown: string, failed: string) => `new Promise((resolve, reject) => {
  const button = ${button};
  if (!button) return reject(new Error('no button to click'));
  const shown = () => ${shown};
  const failed = () => ${failed};
  const before = shown();
  let started;
  button.addEventListener('click', () => { started = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    const link = started === undefined ? '' : shown();
    if (link && link !== before) {
      observer.disconnect();
      resolve({ ms: performance.now() - started, link });
    }
    const error = failed();
    if (error) { observer.disconnect(); reject(new Error(error)); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  button.click();
})`;

const OURS_CLICK = TIMED_CLICK(
  `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Create push')`,
  `(document.getElementById('sp-link')?.value ?? document.getElementById('sp-link')?.textContent ?? '')`,
  `document.querySelector('[role=alert]')?.textContent.trim()`,
);

const PEER_CLICK = TIMED_CLICK(
  `document.getElementById('pushUrlButton')`,
  `(!document.getElementById('resultSection').classList.contains('hidden') &&
    document.getElementById('resultLink').textContent.trim())`,
  `document.querySelector('#statusMessage.error')?.textContent.trim()`,
);

interface Side {
  worker: Worker;
  popupUrl: string;
  ready: string;
  click: string;
}

/**
 * Waits as a person would before the click: at least SETTLE_MS after the popup was ready (ours: the text
 * typed), and until the host has had no request for QUIET_MS. Ours readies its connection and the server's
 * version while the form is filled (useSubmit.ts); a click 100 ms after the typing caught that still under
 * way on this loaded machine, which no person typing a secret does.
 */
async function settled(host: Host, since: number): Promise<void> {
  const last = () => host.seen.at(-1)?.at ?? 0;
  while (Date.now() - since < SETTLE_MS || Date.now() - last() < QUIET_MS)
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * One push from a toolbar popup: opened over the web page, made ready and left to settle (not timed), clicked and timed, then
 * closed. Returns the time, the link and the requests the host got from the click until the popup closed.
 */
async function popupRun(cdp: CDPSession, host: Host, side: Side) {
  await side.worker.evaluate(() => chrome.action.openPopup());
  const popup = await attach(cdp, (await popupTarget(cdp, side.popupUrl))!);
  try {
    await popup.evaluate(side.ready);
    await settled(host, Date.now());
    host.seen.length = 0;
    const { ms, link } = (await popup.evaluate(side.click)) as { ms: number; link: string };
    await popup.evaluate('window.close()').catch(() => undefined);
    await popupTarget(cdp, side.popupUrl, true);
    return { ms, link, seen: [...host.seen] };
  } finally {
    popup.detach();
  }
}

// Runs in the blank page: ms of one fetch of the create request, as the API client sends it (quick.ts).
// First, untimed, the anonymous version check our popup also makes at open: the page's first fetch sets up
// what any later one reuses, and the popup's Create is never its page's first fetch either.
const BARE_CREATE = `(async ([url, token, body]) => {
  await (await fetch(url.replace(/pushes$/, 'version'), { headers: { Accept: 'application/json' } })).text();
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    body,
    credentials: 'omit',
    redirect: 'manual',
  });
  const text = await response.text();
  return { ms: performance.now() - started, status: response.status, text };
})`;

async function bareRun(context: BrowserContext, blankUrl: string, host: Host, body: string) {
  const page = await context.newPage();
  try {
    await page.goto(blankUrl);
    const args = JSON.stringify([`${host.baseUrl}/api/v2/pushes`, USER.token, body]);
    const run = (await page.evaluate(`${BARE_CREATE}(${args})`)) as {
      ms: number;
      status: number;
      text: string;
    };
    if (run.status !== 201 || !(JSON.parse(run.text) as { url_token?: string }).url_token)
      throw new Error(`bare create: ${run.status}`);
    return run.ms;
  } finally {
    await page.close();
  }
}

/**
 * The peer as the bench loads it: a copy of test/bench/peer with the two changes its README names, so that
 * it may talk to the loopback http host: the loopback origin in host_permissions, and its https-only check
 * of the server's address also letting http://127.0.0.1 through. Fails if either no longer applies.
 */
function peerCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-peer-'));
  fs.cpSync(PEER_DIR, dir, { recursive: true });
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { host_permissions: string[] };
  manifest.host_permissions.push('http://127.0.0.1/*');
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  const clientFile = path.join(dir, 'src', 'lib', 'api-client.js');
  const check = 'if (parsed.protocol !== "https:") {';
  const client = fs.readFileSync(clientFile, 'utf8');
  if (!client.includes(check)) throw new Error("the peer's https check has changed: update create.ts");
  const loopback =
    'if (parsed.protocol !== "https:" && parsed.origin !== "http://127.0.0.1:" + parsed.port) {';
  fs.writeFileSync(clientFile, client.replace(check, loopback));
  return dir;
}

/** The service worker whose script ends with `script`, once it is there. */
async function workerOf(context: BrowserContext, script: string): Promise<Worker> {
  for (;;) {
    const found = context.serviceWorkers().find((w) => w.url().endsWith(script));
    if (found) return found;
    await context.waitForEvent('serviceworker');
  }
}

/** Saves the host and token where the peer's options page does (its src/lib/storage.js), as checked. */
function saveServerInPeer(worker: Worker, baseUrl: string): Promise<void> {
  return worker.evaluate(
    ({ baseUrl, token }) =>
      chrome.storage.local.set({
        settings: { baseUrl, apiToken: token, rememberApiToken: true },
        instanceStatus: { connected: true, edition: 'commercial', instanceType: 'pro', apiVersion: '2' },
      }),
    { baseUrl, token: USER.token },
  );
}

/** The push behind `link` holds `payload` on the server (read with the owner's token). */
async function checkPush(host: Host, link: string, payload: string): Promise<void> {
  const urlToken = /\/p\/([^/#?]+)/.exec(link)?.[1];
  if (!urlToken) throw new Error(`Not a push link: ${link}`);
  const push = await createApiClient({ baseUrl: host.baseUrl, token: USER.token }).retrievePush(urlToken);
  if (push.payload !== payload) throw new Error(`push ${urlToken} holds another payload`);
}

const posts = (seen: Seen[]) => seen.filter((s) => s.method === 'POST' && s.path === '/api/v2/pushes');
const others = (seen: Seen[]) =>
  seen
    .filter((s) => !(s.method === 'POST' && s.path === '/api/v2/pushes'))
    .map((s) => `${s.method} ${s.path}`);

/**
 * `runs` rounds of ours, the bare fetch and the peer (the order turning each round), after one unmeasured
 * round that also takes the body ours sends, for the bare fetch to send.
 */
export async function measureCreate(extDir: string, runs = 20): Promise<CreateFigures> {
  const host = await startCountedHost();
  const peerDir = peerCopy();
  const both = `${extDir},${peerDir}`;
  fs.writeFileSync(path.join(extDir, BLANK), '<!doctype html><title>blank</title>');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-push-bench-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [`--disable-extensions-except=${both}`, `--load-extension=${both}`, ...CHROMIUM_ARGS],
  });
  try {
    const worker = await workerOf(context, '/background.js');
    const peerWorker = await workerOf(context, '/src/background/service-worker.js');
    await welcomePage(context);
    await saveServerIn(worker, host.baseUrl, USER.token);
    await saveServerInPeer(peerWorker, host.baseUrl);
    const origin = (w: Worker) => `chrome-extension://${new URL(w.url()).host}`;
    // The web page both popups open over: the peer pushes its address, ours the same text.
    const page = await context.newPage();
    await page.goto(`${host.baseUrl}/`);
    const payload = page.url();
    const cdp = await context.browser()!.newBrowserCDPSession();
    const ours: Side = {
      worker,
      popupUrl: `${origin(worker)}/popup.html`,
      ready: OURS_READY(payload),
      click: OURS_CLICK,
    };
    const peer: Side = {
      worker: peerWorker,
      popupUrl: `${origin(peerWorker)}/src/popup/popup.html`,
      ready: PEER_READY(host.baseUrl),
      click: PEER_CLICK,
    };
    const figures: CreateFigures = {
      runs,
      oursRuns: [],
      bareRuns: [],
      peerRuns: [],
      posts: { ours: [], peer: [] },
      others: { ours: [], peer: [] },
    };
    const popup = async (side: Side, key: 'ours' | 'peer') => {
      await page.bringToFront();
      const run = await popupRun(cdp, host, side);
      await checkPush(host, run.link, payload);
      figures.posts[key].push(posts(run.seen).length);
      figures.others[key].push(...others(run.seen));
      return run;
    };
    // The unmeasured round: every first load done, and the body ours sent taken for the bare fetch.
    const first = await popup(ours, 'ours');
    const body = posts(first.seen)[0]?.body;
    if (!body) throw new Error('our popup sent no create request');
    await popup(peer, 'peer');
    await bareRun(context, `${origin(worker)}/${BLANK}`, host, body);
    figures.posts = { ours: [], peer: [] };
    figures.others = { ours: [], peer: [] };
    const steps = [
      async () => void figures.oursRuns.push((await popup(ours, 'ours')).ms),
      async () =>
        void figures.bareRuns.push(await bareRun(context, `${origin(worker)}/${BLANK}`, host, body)),
      async () => void figures.peerRuns.push((await popup(peer, 'peer')).ms),
    ];
    for (let i = 0; i < runs; i++)
      for (let j = 0; j < steps.length; j++) await steps[(i + j) % steps.length]!();
    return figures;
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    fs.rmSync(path.join(extDir, BLANK), { force: true });
    fs.rmSync(peerDir, { recursive: true, force: true });
    await host.close();
  }
}

const list = (runs: number[]) => runs.map((t) => t.toFixed(0)).join(' ');

/**
 * One row: ours against the bare fetch (≤ 1.2×), ours against the official extension (no slower), and one
 * POST per push on each side, counted by the host.
 */
export function createRows(figures: CreateFigures): Row[] {
  const { oursRuns, bareRuns, peerRuns, runs } = figures;
  const ours = median(oursRuns);
  const onePost = (counts: number[]) => counts.length === runs && counts.every((count) => count === 1);
  const counted = (counts: number[]) => `${counts.filter((c) => c === 1).length} of ${runs} with one`;
  const extra = (seen: string[]) => (seen.length ? seen.join(', ') : 'none');
  return [
    {
      name: 'Create → link',
      figure: { value: ours, unit: 'ms', what: "the popup's text push, Create click → link shown" },
      floor: {
        value: median(bareRuns),
        unit: 'ms',
        what: 'the same create by one bare fetch from a blank page',
      },
      budget: { kind: 'ratio', max: CREATE_BUDGET_RATIO },
      ...pairedRuns(oursRuns, bareRuns),
      also: [
        {
          figure: { value: ours, unit: 'ms', what: 'ours' },
          floor: {
            value: median(peerRuns),
            unit: 'ms',
            what: 'the official extension\'s "Push Current URL", click → link shown',
          },
          budget: { kind: 'ratio', max: PEER_BUDGET_RATIO, of: 'the official extension' },
          ...pairedRuns(oursRuns, peerRuns),
        },
      ],
      checks: [
        {
          budget: 'one POST a push, each side (counted by the host)',
          figure: `ours ${counted(figures.posts.ours)}, the official extension ${counted(figures.posts.peer)}`,
          ok: onePost(figures.posts.ours) && onePost(figures.posts.peer),
        },
      ],
      note:
        `medians of ${runs}, alternated: ours ${list(oursRuns)} ms, bare ${list(bareRuns)} ms, ` +
        `official ${list(peerRuns)} ms; other requests from a click until its popup closed: ` +
        `ours ${extra(figures.others.ours)}; official ${extra(figures.others.peer)}`,
    },
  ];
}
