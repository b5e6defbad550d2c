/**
 * Expire everything in the background (the service worker in Chrome, the background page in Firefox): the
 * pages' request is answered here, and the run goes on when the page that asked is closed. Wired by the
 * background entrypoint with the watcher's expire (one push at a time, on the watcher's queue, the cache
 * updated). A worker that stopped during a run carries it on when it starts again: the run is in
 * storage.session, and its pushes not yet expired are chosen again from the cache.
 */
import { lifeEnding, type LifeEnd } from '@/lib/interrupted';
import { handle, listenForMessages } from '@/lib/messages/runtime';
import type { ExpireResult } from '@/lib/watch';
import { listTrackedPushes, pushLabel } from '@/lib/watch/view';
import {
  choosePushes,
  createRunner,
  hasUnanswered,
  type ExpireItem,
  type ExpireScope,
  type Runner,
} from './core';
import { expireAllMessages } from './messages';
import { readRun, storeRun } from './state';

/** What the run needs of the watcher (lib/watch/background's Watcher). */
export interface ExpireWatcher {
  expire(server: string, urlTokens: string[]): Promise<ExpireResult>;
  expiredSome(): Promise<void>;
}

export interface ExpireAllOptions {
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Whether this background is going away (default: lib/interrupted's lifeEnding, Firefox's background page
   * hidden for its reload): an outcome heard then is the unload's (a DELETE may have landed), so nothing is
   * stored from then on and the next page carries the run on from what was stored before.
   */
  leaving?: LifeEnd;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pushes of `scope` in the watcher's cache now, as a run's items. */
async function itemsOf(scope: ExpireScope, now: number): Promise<ExpireItem[]> {
  return choosePushes(await listTrackedPushes(), scope, now).map((push) => ({
    server: push.server,
    url_token: push.url_token,
    title: pushLabel(push),
  }));
}

/** Registers the request's handler and carries on a stored run; returns the runner and the unlisten. */
export function registerExpireAll(
  watcher: ExpireWatcher,
  { clock = Date.now, sleep = sleepFor, leaving = lifeEnding() }: ExpireAllOptions = {},
): { runner: Runner; ready: Promise<void>; stop: () => void } {
  const runner = createRunner({
    async expireOne({ server, url_token }) {
      const { failed } = await watcher.expire(server, [url_token]);
      return failed[0] ? { ok: false, error: failed[0].error } : { ok: true };
    },
    sleep,
    clock,
    publish: async (run) => {
      // A run ending with a push that got no answer: in a page the browser is reloading, that failure may be
      // the reload's own, heard before the page hears it is going. Its end is stored only if the page is
      // still here a moment later; else the next page carries the run on and asks that push again.
      if (run.status === 'done' && hasUnanswered(run) && (await leaving.soon())) return;
      if (!leaving.now()) await storeRun(run);
    },
    finished: () => (leaving.now() ? undefined : watcher.expiredSome()),
  });
  const stop = listenForMessages([
    handle(expireAllMessages.start, async (scope) => runner.request(await itemsOf(scope, clock()), scope)),
  ]);
  const ready = readRun().then(async (stored) => {
    if (stored?.status !== 'running' || runner.current()) return;
    const chosen = await Promise.all(stored.scopes.map((scope) => itemsOf(scope, clock())));
    if (!runner.current()) runner.resume(stored, chosen.flat());
  });
  ready.catch((error: unknown) => console.error('Expire everything: resuming failed', error)); // i18n-ignore
  return { runner, ready, stop };
}
