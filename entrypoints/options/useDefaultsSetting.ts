import { useState } from 'preact/hooks';
import type { PushDefaults } from '@/lib/settings';
import type { FieldErrors } from './errors';
import { saveDefaultsIfValid } from './save';
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
