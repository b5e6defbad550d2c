/**
 * The background's side of the settings model (issue 18): read storage.managed on every start and on every
 * change, check it, keep the checked copy every page reads, and store the settings as it allows (token
 * place, tokens of hidden servers erased). The same one save is the settings schema's migration: a list
 * still in version 1's shape (pages read it as version 2 in memory, read.ts decodeSettings) is written as
 * version 2, its token bound to its origin, and version 1's keys are removed after the list is written, so
 * a migration cut short is simply run again at the next start. storage.managed is read only here: what an
 * organization set for the extension (Chrome's policies, Firefox's policies.json `3rdparty.Extensions`).
 */
import { deleteDemoData } from '@/lib/demo/background';
import { parsePolicy } from './policy-parse';
import { saveSettings } from './save';
import type { PolicyState } from './values';

/**
 * Everything in storage.managed; undefined when the browser has none to offer (Firefox without a
 * policies.json entry rejects the read), which means no policy.
 */
async function readManaged(): Promise<Record<string, unknown> | undefined> {
  try {
    return await browser.storage.managed.get();
  } catch (error) {
    console.info('No managed storage:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

/** Calls back whenever the organization's values change (Chrome reloads policies while running). */
function watchManaged(callback: () => void): () => void {
  const listener = (_changes: unknown, area: string) => {
    if (area === 'managed') callback();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/**
 * Reads and checks the policy, then stores it with the settings as it allows, in one read and one write of
 * the settings (issue 22: the start read them three times, each a storage round trip on the worker's one
 * thread before a quick push's own). The policy is written when it changed, and the first time at all (its
 * presence tells pages the policy has been read: until then they show a neutral state, never demo mode);
 * not when the same, as a write wakes every context's listeners. Returns the policy.
 */
export async function refreshPolicy(read: () => Promise<unknown> = readManaged): Promise<PolicyState> {
  const state = parsePolicy(await read());
  await saveSettings({ type: 'policy', state });
  // No demo secret outlives a policy that forbids demo mode: the demo service's database goes, pushes and
  // all (deleting one that is not there costs nothing).
  if (state.policy.allowDemoMode === false) await deleteDemoData();
  return state;
}

/**
 * Reads the policy, stores the settings under it (migrating them) and follows its changes; called on every
 * start of the background. Resolves once the policy is read and applied.
 */
export function registerSettings(): Promise<void> {
  const report = (error: unknown) => console.error('Could not apply the managed policy', error);
  watchManaged(() => void refreshPolicy().catch(report));
  return refreshPolicy().then(() => undefined, report);
}
