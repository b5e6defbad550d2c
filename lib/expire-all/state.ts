/**
 * The run as stored for the pages (lib/store's expireAllRunItem, storage.session): read back with a check of
 * its shape (only the background writes it, but a reader never trusts storage blindly), and followed.
 */
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

/** The background stores the run (every change of it). */
export const storeRun = (run: ExpireRun) => expireAllRunItem.setValue(run);

/** A page puts a finished run's result away (Dismiss). */
export const clearRun = () => expireAllRunItem.removeValue();
