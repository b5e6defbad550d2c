/**
 * Expire everything (issue 39 §3), pure: which pushes a request names, and the one run that expires them,
 * one at a time, with its clock, its sleep and the expire of one push injected. A second request while a
 * run goes on joins it (only the pushes not already in it are added), a push is asked for once, and a
 * server's 429 is waited out (its Retry-After) and the same push asked again. Nothing here is a secret: a
 * run knows url_tokens, labels and counts.
 */
import { unanswered, type AppErrorData } from '@/lib/errors';
import type { TrackedPush } from '@/lib/watch/types';

/** How far back a request reaches: the last hour, since midnight (local time), or every push. */
export const EXPIRE_WINDOWS = ['hour', 'today', 'all'] as const;
export type ExpireWindow = (typeof EXPIRE_WINDOWS)[number];

/** What a person asked to expire: the pushes of these servers (null: every followed one) in a window. */
export interface ExpireScope {
  servers: string[] | null;
  window: ExpireWindow;
}

/** One push of a run. `title` is its label (lib/watch's pushLabel), for the result's list. */
export interface ExpireItem {
  server: string;
  url_token: string;
  title: string;
}

export interface ExpireFailure extends ExpireItem {
  error: AppErrorData;
}

/** A run as pages see it (storage.session, lib/store's expireAllRunItem). */
export interface ExpireRun {
  status: 'running' | 'done';
  started_at: number;
  finished_at: number | null;
  /** Every request that made or joined the run (a woken worker chooses their pushes again). */
  scopes: ExpireScope[];
  /** The servers of the run's pushes, in the order first met. */
  servers: string[];
  /** Pushes in the run; `handled` of them are done, `expired` of those expired, the rest `failed`. */
  total: number;
  handled: number;
  expired: number;
  failed: ExpireFailure[];
  /** While a server's Retry-After is waited out: when the run goes on (ms). */
  waiting_until: number | null;
}

const HOUR = 3_600_000;

/** The earliest creation instant `window` takes, at `now` (local midnight for 'today'). */
export function windowStart(window: ExpireWindow, now: number): number {
  if (window === 'hour') return now - HOUR;
  if (window === 'today') return new Date(now).setHours(0, 0, 0, 0);
  return -Infinity;
}

/** Whether the push is gone already: expired or deleted as the cache knows it, or past its expiry instant. */
function over(push: TrackedPush, now: number): boolean {
  if (push.expired || push.deleted) return true;
  const end = push.expires_at === null ? NaN : Date.parse(push.expires_at);
  return !Number.isNaN(end) && end <= now;
}

/** The pushes `scope` names among `pushes` at `now`: in its servers and window, not already expired. */
export function choosePushes(pushes: TrackedPush[], scope: ExpireScope, now: number): TrackedPush[] {
  const start = windowStart(scope.window, now);
  const servers = scope.servers === null ? null : new Set(scope.servers);
  return pushes.filter((push) => {
    if (servers && !servers.has(push.server)) return false;
    if (over(push, now)) return false;
    const created = Date.parse(push.created_at);
    return Number.isNaN(created) ? scope.window === 'all' : created >= start;
  });
}

/** The servers of `pushes`, each once, in the order first met. */
export function serversOf(pushes: Array<{ server: string }>): string[] {
  return [...new Set(pushes.map((push) => push.server))];
}

/** What the expire of one push answered: done (expired now or before), or why not. */
export type ExpireOutcome = { ok: true } | { ok: false; error: AppErrorData };

export interface RunnerDeps {
  expireOne(item: ExpireItem): Promise<ExpireOutcome>;
  sleep(ms: number): Promise<void>;
  clock(): number;
  /** Hears the run after every change (the background stores it for the pages). */
  publish(run: ExpireRun): Promise<void> | void;
  /** The run is over: every push asked for once (the background tells the watcher's pages). */
  finished?(run: ExpireRun): Promise<void> | void;
}

/** A 429 is waited out at most this often for one push, each wait at most this long. */
export const MAX_RETRIES = 5;
export const MAX_WAIT_MS = 120_000;
/** A 429 without Retry-After is waited out this long. */
export const DEFAULT_WAIT_MS = 5_000;
/** A long wait is slept in steps this long, the run published after each (Chrome's worker stays awake). */
export const WAIT_STEP_MS = 20_000;

export interface Runner {
  /**
   * Starts a run of `items`, or adds to the one going on those not already in it; answers the run as it
   * now is. `scope` is remembered with the run.
   */
  request(items: ExpireItem[], scope: ExpireScope): ExpireRun;
  /**
   * Carries on `run` (stored by a worker that stopped) with `items`, its pushes chosen again: those it
   * already listed as failed are not asked again, unless the server never answered for them.
   */
  resume(run: ExpireRun, items: ExpireItem[]): ExpireRun;
  /** The run, if any, this runner knows. */
  current(): ExpireRun | null;
  /** Settles when the run going on is over (at once when none is). */
  idle(): Promise<void>;
}

/**
 * Whether a run holds a failure with no answer from the server (lib/errors unanswered), which a resumed run
 * asks again: Firefox aborts the requests of the background page it reloads before the page hears it is
 * unloading, and the transport reads an abort it did not ask for as cancelled.
 */
export function hasUnanswered(run: ExpireRun): boolean {
  return run.failed.some((failure) => unanswered(failure.error));
}

const keyOf = (item: { server: string; url_token: string }) => `${item.server} ${item.url_token}`;

/** A run just begun by `scope`, with no push yet. */
const newRun = (now: number, scope: ExpireScope): ExpireRun => ({
  status: 'running',
  started_at: now,
  finished_at: null,
  scopes: [scope],
  servers: [],
  total: 0,
  handled: 0,
  expired: 0,
  failed: [],
  waiting_until: null,
});

/** Waits `ms` in steps, with `run` saying until when, published before each step. */
async function waitOut(deps: RunnerDeps, run: ExpireRun, ms: number, publish: () => unknown) {
  const until = deps.clock() + ms;
  run.waiting_until = until;
  for (let left = ms; left > 0; left = until - deps.clock()) {
    await publish();
    await deps.sleep(Math.min(left, WAIT_STEP_MS));
  }
  run.waiting_until = null;
}

/** Asks for one push until it is done, refused, or the server still limits after MAX_RETRIES waits. */
async function expireOnce(deps: RunnerDeps, item: ExpireItem, wait: (ms: number) => Promise<void>) {
  for (let retries = 0; ; retries++) {
    let outcome: ExpireOutcome;
    try {
      outcome = await deps.expireOne(item);
    } catch (error) {
      outcome = { ok: false, error: { code: 'internal', message: String(error) } };
    }
    if (outcome.ok || outcome.error.code !== 'rate-limited' || retries >= MAX_RETRIES) return outcome;
    const after = outcome.error.retryAfter;
    await wait(Math.min(after === undefined ? DEFAULT_WAIT_MS : after * 1000, MAX_WAIT_MS));
  }
}

/**
 * A stored run carried on (Runner.resume): its counts set right, and the pushes to ask, out of `items` (its
 * pushes chosen again, the ones not yet expired).
 */
function resumeRun(stored: ExpireRun, items: ExpireItem[]): { run: ExpireRun; queue: ExpireItem[] } {
  // A push that failed for want of an answer may have failed by the stop itself (Firefox aborts the
  // requests of the background page it reloads, the DELETE maybe landed): asked again, a second DELETE
  // being harmless. A failure the server answered stays.
  const failed = stored.failed.filter((failure) => !unanswered(failure.error));
  const handled = stored.handled - (stored.failed.length - failed.length);
  const run: ExpireRun = { ...stored, status: 'running', waiting_until: null, failed, handled };
  const seen = new Set(failed.map(keyOf));
  const queue: ExpireItem[] = [];
  for (const item of items) {
    if (seen.has(keyOf(item))) continue;
    seen.add(keyOf(item));
    queue.push(item);
  }
  // A push the stopped worker expired after its last publish is not chosen again: it is done, and expired
  // (the run's counts hold handled = expired + failed), so the result says N of N, not N-1. The total
  // stays what it was, unless pushes were added since.
  run.handled = Math.max(run.handled, run.total - queue.length);
  run.expired = run.handled - run.failed.length;
  run.total = Math.max(run.total, run.handled + queue.length);
  return { run, queue };
}

/** The one run of a background (see the module comment). */
export function createRunner(deps: RunnerDeps): Runner {
  let run: ExpireRun | null = null;
  let queue: ExpireItem[] = [];
  let seen = new Set<string>();
  let working: Promise<void> = Promise.resolve();

  const snapshot = (): ExpireRun => ({ ...run!, failed: [...run!.failed], scopes: [...run!.scopes] });
  const publish = () => deps.publish(snapshot());

  function add(items: ExpireItem[]): void {
    for (const item of items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(item);
      run!.total++;
      if (!run!.servers.includes(item.server)) run!.servers.push(item.server);
    }
  }

  async function work(): Promise<void> {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const outcome = await expireOnce(deps, item, (ms) => waitOut(deps, run!, ms, publish));
      run!.handled++;
      if (outcome.ok) run!.expired++;
      else run!.failed.push({ ...item, error: outcome.error });
      await publish();
    }
    run!.status = 'done';
    run!.finished_at = deps.clock();
    await publish();
    await deps.finished?.(snapshot());
  }

  function begin(): ExpireRun {
    // Published first (a page hears "0 of N" at once), then worked through; a failure of the publish or
    // of `finished` must not leave the run marked running in this worker.
    working = Promise.resolve(publish())
      .then(work)
      .catch(() => {
        if (run) run.status = 'done';
      });
    return snapshot();
  }

  return {
    request(items, scope) {
      if (run?.status === 'running') {
        run.scopes.push(scope);
        add(items);
        void publish();
        return snapshot();
      }
      run = newRun(deps.clock(), scope);
      queue = [];
      seen = new Set();
      add(items);
      return begin();
    },
    resume(stored, items) {
      const resumed = resumeRun(stored, items);
      run = resumed.run;
      queue = resumed.queue;
      seen = new Set([...run.failed, ...queue].map(keyOf));
      return begin();
    },
    current: () => (run ? snapshot() : null),
    idle: () => working,
  };
}
