/**
 * Saving the user's settings under a policy: the options page shows the organization's values in its
 * fields, and what it saves must still be the user's own, so nothing of theirs is lost when the policy goes.
 */
import type { PushDefaults } from '@/lib/store/items';
import { saveDefaults } from '@/lib/store/save';
import { loadUserSettings } from '@/lib/store/settings';
import { userDefaultsToSave } from './apply';
import type { Policy } from './types';

/**
 * Saves the defaults as the options page shows them (checked: AppError 'validation' otherwise), each field
 * the organization sets keeping the user's own saved value.
 */
export async function saveShownDefaults(shown: PushDefaults, policy: Policy): Promise<PushDefaults> {
  const { defaults: saved } = await loadUserSettings();
  return saveDefaults(userDefaultsToSave(shown, saved, policy));
}
