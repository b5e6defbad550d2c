import { useState } from 'preact/hooks';
import type { PushDefaults } from '@/lib/settings';
import { toAppError } from '@/lib/errors';
import { saveDefaults, validateDefaults } from '@/lib/settings/defaults';
import { fieldMessages, type FieldErrors } from './errors';
import type { SettingsDraft } from './useSettingsDraft';

/**
 * The defaults for new pushes, saved on every change that leaves them valid; a field out of range says why
 * next to it and nothing is saved until it is fixed (what was typed stays).
 */
export function useDefaultsSetting(draft: SettingsDraft): {
  errors: FieldErrors;
  change: (patch: Partial<PushDefaults>) => void;
} {
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (patch: Partial<PushDefaults>) => {
    if (!draft.defaults) return;
    const next = { ...draft.defaults, ...patch };
    draft.setDefaults(next);
    const { errors: refused, saving } = saveDefaultsIfValid(next);
    setErrors(refused);
    saving?.catch((error: unknown) => console.error('The defaults could not be saved', error));
  };
  return { errors, change };
}

/**
 * The push defaults as typed: saved at once when every field is valid (resolves once written), else the
 * words for each field at fault and nothing saved. Fields the organization sets keep the user's own value.
 */
export function saveDefaultsIfValid(defaults: PushDefaults): {
  errors: FieldErrors;
  saving?: Promise<unknown>;
} {
  try {
    return { errors: {}, saving: saveDefaults(validateDefaults(defaults)) };
  } catch (error) {
    return { errors: fieldMessages(toAppError(error)) };
  }
}
