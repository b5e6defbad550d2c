/**
 * The background's side of the settings model (issue 18): migrations at every start, and the policy: read
 * storage.managed on every start and on every change, check it, keep the checked copy every page reads,
 * and store the settings as it allows (token place, tokens of hidden servers erased).
 */
import { deleteDemoData } from '@/lib/demo/erase';
import { readManaged, watchManaged } from './managed';
import { migrateSettings } from './migrate';
import { parsePolicy } from './policy-parse';
import { readSettings } from './read';
import { saveSettings } from './save';
import { LOCAL } from './stored';
import type { PolicyState } from './values';

/** Plain JSON data with every object's keys in one order. */
const keysSorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(keysSorted);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, keysSorted(item)]));
};

/**
 * Whether two checked policies say the same (plain JSON data). Key order is not compared: Chrome's storage
 * hands an object back with its keys sorted, so the stored copy never matched parsePolicy's order, and the
 * policy was written again on every start of the worker, waking every context's listeners (issue 22).
 */
const samePolicy = (a: PolicyState | null, b: PolicyState) =>
  JSON.stringify(keysSorted(a)) === JSON.stringify(keysSorted(b));

/**
 * Reads, checks and stores the policy; returns it. Written when it changed, and the first time at all (its
 * presence tells pages the policy has been read: until then they show a neutral state, never demo mode).
 * Not written when the same: a write wakes every context's listeners.
 */
export async function refreshPolicy(read: () => Promise<unknown> = readManaged): Promise<PolicyState> {
  const [state, stored] = await Promise.all([read().then(parsePolicy), readSettings()]);
  if (!samePolicy(stored.policy, state)) await browser.storage.local.set({ [LOCAL.policy]: state });
  // No demo secret outlives a policy that forbids demo mode: the demo service's database goes, pushes and
  // all (deleting one that is not there costs nothing).
  if (state.policy.allowDemoMode === false) await deleteDemoData();
  await saveSettings({ type: 'policy' });
  return state;
}

/**
 * Runs the settings' migrations, then reads the policy and follows its changes; called on every start of the
 * background. Resolves once the policy is read and applied.
 */
export function registerSettings(): Promise<void> {
  const report = (error: unknown) => console.error('Could not apply the managed policy', error);
  watchManaged(() => void refreshPolicy().catch(report));
  return migrateSettings()
    .catch((error: unknown) => console.error('Could not migrate the settings', error))
    .then(() => refreshPolicy())
    .then(() => undefined, report);
}
