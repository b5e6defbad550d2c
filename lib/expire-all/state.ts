/**
 * The run as stored for the pages (lib/store's expireAllRunItem, storage.session): read back with a check of
 * its shape (only the background writes it, but a reader never trusts storage blindly), and followed. A
 * page's Dismiss removes a finished run; both hold the record's lock.
 */
import { exclusive } from '@/lib/async';
import { expireAllRunItem } from '@/lib/store';
import type { ExpireRun } from './core';

const isCount = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The stored value as a run, or null when it is none (absent, or not a run's shape). */
export function asRun(value: unknown): ExpireRun | null {
  if (typeof value !== 'object' || value === null) return null;
  const run = value as Partial<ExpireRun>;
  const shaped =
    (run.status === 'running' || run.status === 'done') &&
    isCount(run.total) &&
    isCount(run.handled) &&
    isCount(run.expired) &&
    Array.isArray(run.failed) &&
    Array.isArray(run.servers) &&
    Array.isArray(run.scopes);
  return shaped ? (run as ExpireRun) : null;
}

/** The run the background last stored, or null. */
export async function readRun(): Promise<ExpireRun | null> {
  return asRun(await expireAllRunItem.getValue());
}

/** Calls back with every change of the stored run; returns the unwatch. */
export function followRun(callback: (run: ExpireRun | null) => void): () => void {
  return expireAllRunItem.watch((value) => callback(asRun(value)));
}

/**
 * The record's lock across contexts (lib/async's exclusive; issue 40): the background writes the run and a
 * page removes a finished one, and a removal decided on a finished run must not land over a new one.
 */
const RUN_LOCK = `secret-push:${expireAllRunItem.key}`;

/** The background stores the run (every change of it). */
export const storeRun = (run: ExpireRun) => exclusive(RUN_LOCK, () => expireAllRunItem.setValue(run));

/**
 * A page puts a finished run's result away (Dismiss). A run going on stays: one started (from another page)
 * as this one was dismissed, whose progress the pages show and which a restarted worker carries on.
 */
export const clearRun = () =>
  exclusive(RUN_LOCK, async () => {
    if ((await readRun())?.status !== 'running') await expireAllRunItem.removeValue();
  });
