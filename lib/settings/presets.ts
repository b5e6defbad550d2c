/**
 * The presets' place in the settings model (issue 39 §1), pure: the list as stored (the first preset made
 * from the saved defaults when none was stored yet: nobody loses them), the defaults it gives the create
 * form (the first preset's), and the list in force under a policy (the organization's presets, locked,
 * after the user's first). What a preset means for a push (edition, limits, options) is lib/presets'.
 */
import { FIRST_PRESET_ID, PRESETS_MAX, type Policy, type Preset, type PushDefaults } from './values';

/** The first preset of a user who had only defaults: the same options, no name ("Defaults"). */
export function presetFromDefaults(defaults: PushDefaults): Preset {
  return { id: FIRST_PRESET_ID, name: '', ...defaults, notifyEmails: '', note: '' };
}

/**
 * The create form's defaults from the first preset: its fields, and for an expiry it was made without
 * (a preset made for one edition), the one of `fallback` (the defaults saved before).
 */
export function defaultsOf(first: Preset | undefined, fallback: PushDefaults): PushDefaults {
  if (!first) return fallback;
  return {
    expireAfterDuration: first.expireAfterDuration ?? fallback.expireAfterDuration,
    expireAfterDays: first.expireAfterDays ?? fallback.expireAfterDays,
    expireAfterViews: first.expireAfterViews,
    retrievalStep: first.retrievalStep,
    deletableByViewer: first.deletableByViewer,
    passphrase: first.passphrase,
  };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * One stored preset, or null when it is not of the shape (storage.local can be written by an older or a
 * newer version): a light check with no zod, since the popup's first screen reads it; the ranges are
 * lib/presets' (fit) and the save's (zod, lib/settings/defaults.ts).
 */
function storedPreset(value: unknown): Preset | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.name !== 'string' || !isNumber(v.expireAfterViews)) return null;
  const duration = isNumber(v.expireAfterDuration) ? { expireAfterDuration: v.expireAfterDuration } : {};
  const days = isNumber(v.expireAfterDays) ? { expireAfterDays: v.expireAfterDays } : {};
  if (!('expireAfterDuration' in duration) && !('expireAfterDays' in days)) return null;
  return {
    id: v.id,
    name: v.name,
    ...duration,
    ...days,
    expireAfterViews: v.expireAfterViews,
    retrievalStep: v.retrievalStep === true,
    deletableByViewer: v.deletableByViewer === true,
    passphrase: v.passphrase === true,
    notifyEmails: typeof v.notifyEmails === 'string' ? v.notifyEmails : '',
    note: typeof v.note === 'string' ? v.note : '',
  };
}

/**
 * The user's presets as stored; the first made from `defaults` when none are stored (the versions before
 * 39 kept only the defaults) or nothing stored is of the shape. Never empty, never locked.
 */
export function decodePresets(stored: unknown, defaults: PushDefaults): Preset[] {
  const presets = Array.isArray(stored)
    ? stored.map(storedPreset).filter((preset): preset is Preset => preset !== null)
    : [];
  const unique = presets.filter((preset, i) => presets.findIndex((p) => p.id === preset.id) === i);
  return unique.length > 0 ? unique.slice(0, PRESETS_MAX) : [presetFromDefaults(defaults)];
}

/** The user's list with new defaults in its first preset (the options page's defaults section). */
export function withDefaults(presets: readonly Preset[], defaults: PushDefaults): Preset[] {
  const [first, ...rest] = presets;
  return [{ ...(first ?? presetFromDefaults(defaults)), ...defaults }, ...rest];
}

/**
 * The presets in force: the user's first with the organization's defaults in their place, the
 * organization's own presets (locked), then the user's others.
 */
export function presetsUnderPolicy(presets: readonly Preset[], policy: Policy): Preset[] {
  const [first, ...rest] = presets;
  const head = first ? [{ ...first, ...policy.defaults }] : [];
  return [...head, ...(policy.presets ?? []), ...rest];
}

/** The user's own presets to save from a list as shown: the organization's left out (never stored). */
export function userPresets(shown: readonly Preset[]): Preset[] {
  return shown.filter((preset) => !preset.locked);
}
