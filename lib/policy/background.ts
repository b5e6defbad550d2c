/**
 * The background's side of the policy: read storage.managed on every start and on every change, check it,
 * keep the checked copy every page reads (policyItem), and move every server's token to the place the
 * organization requires, so a session-only rule leaves no token on disk.
 */
import { deleteDemoData } from '@/lib/demo/erase';
import { policyItem } from '@/lib/store/items';
import { readManaged, watchManaged } from '@/lib/store/managed';
import { saveSettings } from '@/lib/store/save';
import { loadUserSettings } from '@/lib/store/settings';
import type { TokenPlace } from '@/lib/store/items';
import { fixedTokenPlace } from './apply';
import { parsePolicy } from './parse';
import type { PolicyState } from './types';

/** Moves the token of every saved server kept elsewhere than `place` there (the default stays as it is). */
async function moveTokens(place: TokenPlace): Promise<void> {
  for (const { kind, url, edition, token, tokenOrigin, tokenPlace } of (await loadUserSettings()).servers) {
    if (tokenPlace === place) continue;
    const server = edition ? { kind, url, edition } : { kind, url };
    await saveSettings({ server: { server, token: { value: token, place, origin: tokenOrigin } } });
  }
}

/** Whether two checked policies say the same (plain JSON data, built by parsePolicy in one key order). */
const samePolicy = (a: PolicyState, b: PolicyState) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads, checks and stores the policy; returns it. Written only when it changed: a write fires
 * storage.onChanged in every context (the watcher's alarm, quick push's menus), and the worker reads the
 * policy again at every wake, where it is almost always the same.
 */
export async function refreshPolicy(read: () => Promise<unknown> = readManaged): Promise<PolicyState> {
  const [state, stored] = await Promise.all([read().then(parsePolicy), policyItem.getValue()]);
  if (!samePolicy(state, stored)) await policyItem.setValue(state);
  const place = fixedTokenPlace(state.policy);
  if (place) await moveTokens(place);
  // i18d wiring (issue 18 A; the settings model re-places this call): an organization that forbids demo
  // mode leaves no demo push at rest, live or expired. Deleting a database that is not there costs nothing.
  if (state.policy.allowDemoMode === false) await deleteDemoData();
  return state;
}

/** Registers the policy reader; called on every start of the background. Resolves once the policy is read. */
export function registerPolicy(): Promise<void> {
  const report = (error: unknown) => console.error('Could not apply the managed policy', error);
  watchManaged(() => void refreshPolicy().catch(report));
  return refreshPolicy().then(() => undefined, report);
}
