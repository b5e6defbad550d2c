/**
 * One refresh's reading and diffing, without browser.*: the lists of the server against the cache, the audit
 * logs of the pushes that changed, and the records and events that result. Writes nothing: the caller
 * commits the change in one transaction, so a failure half-way leaves the cache as it was.
 *
 * Request budget: at most LIST_BUDGET list requests, whatever the account's size (which pages: schedule.ts),
 * one audit read per push that changed (new with views already used, views changed, or gone from the active
 * list: expired or deleted, the audit tells which and the views used on the way), and at most SWEEP_PER_RUN
 * more for the attempts sweep (sweep.ts). Pristine pushes cost nothing.
 *
 * A push recorded here ('local') that is gone from the active list is read like any other (it may have been
 * used up or deleted before the refresh that would have listed it); when the server refuses its audit (it was
 * created anonymously), it is marked audit_denied and followed by time from then on, at no further cost.
 */
import { byTime, explainTarget } from './audits';
import { sortLists } from './lists';
import { coveredBy, readScheduled } from './schedule';
import { sweep } from './sweep';
import type { DiffInput, DiffResult } from './types';

export const FULL_SYNC_EVERY_MS = 24 * 3_600_000;

/** Reads the server and diffs it against the cache. Throws on transient failures (nothing is written). */
export async function diffServer(input: DiffInput): Promise<DiffResult> {
  const { client, cache, server, now, state } = input;
  const cachedList = await cache.pushes(server);
  const requests = { list: 0, audit: 0 };
  if (!input.hasToken) return { change: byTime(cachedList, now), requests };

  const lastFull = state.fullSyncAt[server];
  const due =
    lastFull === undefined ||
    input.fullSync === true ||
    now - lastFull >= (input.fullSyncEveryMs ?? FULL_SYNC_EVERY_MS);
  const read = await readScheduled({
    client,
    cached: cachedList,
    previous: state.schedule?.[server],
    lastFull,
    due,
    now,
  });
  requests.list = read.requests;
  const { change, targets, unchanged } = await sortLists(input, {
    cached: cachedList,
    active: read.active.flatMap((page) => page.items),
    expired: read.expired.flatMap((page) => page.items),
    covered: coveredBy(read.active),
    historyUntil: read.schedule.historyUntil,
  });
  for (const target of targets) await explainTarget(input, target, change, requests);
  // Pushes that expired before this run: a failed view of a used link shows only in their audit.
  const alreadyExpired = cachedList.filter((push) => push.expired);
  await sweep(input, [...unchanged, ...alreadyExpired], change, requests);
  const result: DiffResult = { change, requests, schedule: read.schedule };
  if (read.fullSyncAt !== undefined) result.fullSyncAt = read.fullSyncAt;
  return result;
}
