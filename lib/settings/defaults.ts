/** The ranges of the push defaults, the same for both editions, checked with zod before they are saved. */
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import { FIRST_PRESET_ID, PRESETS_MAX, type Preset, type PushDefaults } from './values';
import { saveSettings } from './save';
import { t } from '@/lib/i18n';

/**
 * A whole number in [min, max], with one message for every way of missing it (empty field, 2.5, 0, 101),
 * written when the check fails so it is in the UI language.
 */
const whole = (min: number, max: number, error: () => string) =>
  z.number({ error }).check(z.int({ error }), z.gte(min, { error }), z.lte(max, { error }));

const pushDefaultsSchema = z.object({
  expireAfterDuration: whole(0, DURATIONS.length - 1, () => t('store_defaultsDuration')),
  expireAfterDays: whole(DAYS_MIN, DAYS_MAX, () => t('store_defaultsDays', DAYS_MIN, DAYS_MAX)),
  expireAfterViews: whole(VIEWS_MIN, VIEWS_MAX, () => t('store_defaultsViews', VIEWS_MIN, VIEWS_MAX)),
  retrievalStep: z.boolean(),
  deletableByViewer: z.boolean(),
  passphrase: z.boolean(),
});

/** Checks push defaults against the ranges both editions accept; throws AppError 'validation' with fields. */
export function validateDefaults(input: PushDefaults): PushDefaults {
  const parsed = pushDefaultsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'defaults');
    (fields[key] ??= []).push(issue.message);
  }
  const first = parsed.error.issues[0]?.message ?? t('store_defaultsCheck');
  throw new AppError('validation', first, { fields });
}

/** Saves the defaults for new pushes after checking their ranges (AppError 'validation' with fields). */
export async function saveDefaults(defaults: PushDefaults): Promise<PushDefaults> {
  const valid = validateDefaults(defaults);
  await saveSettings({ type: 'defaults', defaults: valid });
  return valid;
}

// ---- Presets (issue 39 §1): the same ranges, a name, the e-mails and the note ----

/** The most notification addresses the server takes (docs/api-contract.md §2). */
const EMAILS_MAX = 5;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;
const NAME_MAX = 40;
const NOTE_MAX = 500;

const emails = z.string().check(
  z.refine(
    (value) => {
      const list = value
        .split(',')
        .map((one) => one.trim())
        .filter(Boolean);
      return list.length <= EMAILS_MAX && list.every((one) => EMAIL.test(one));
    },
    { error: () => t('preset_emailsInvalid', EMAILS_MAX) },
  ),
);

const presetSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.maxLength(NAME_MAX, { error: () => t('preset_nameTooLong', NAME_MAX) })),
  expireAfterDuration: z.optional(pushDefaultsSchema.shape.expireAfterDuration),
  expireAfterDays: z.optional(pushDefaultsSchema.shape.expireAfterDays),
  expireAfterViews: pushDefaultsSchema.shape.expireAfterViews,
  retrievalStep: z.boolean(),
  deletableByViewer: z.boolean(),
  passphrase: z.boolean(),
  notifyEmails: emails,
  note: z.string().check(z.maxLength(NOTE_MAX, { error: () => t('preset_noteTooLong', NOTE_MAX) })),
});

/**
 * Checks one preset the user made (AppError 'validation' with fields): the defaults' ranges, a name (only
 * the first, and the one made from the defaults wherever it was moved, may have none: it reads
 * "Defaults"), at least one expiry, the e-mails and the note.
 */
export function validatePreset(input: Preset, first = false): Preset {
  const parsed = presetSchema.safeParse(input);
  const fields: Record<string, string[]> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'preset');
      (fields[key] ??= []).push(issue.message);
    }
  const unnamed = first || input.id === FIRST_PRESET_ID;
  if (!unnamed && input.name.trim() === '') (fields.name ??= []).push(t('preset_nameEmpty'));
  if (input.expireAfterDuration === undefined && input.expireAfterDays === undefined)
    (fields.expireAfterDays ??= []).push(t('store_defaultsDuration'));
  const first_ = Object.values(fields)[0]?.[0];
  if (first_) throw new AppError('validation', first_, { fields });
  const { locked: _locked, ...preset } = input;
  return { ...preset, name: preset.name.trim() };
}

/** Saves the user's presets, each checked (the organization's are left out by the save). */
export async function savePresets(presets: readonly Preset[]): Promise<void> {
  const own = presets.filter((preset) => !preset.locked);
  if (own.length === 0 || own.length > PRESETS_MAX)
    throw new AppError('validation', t('preset_countRange', PRESETS_MAX));
  await saveSettings({ type: 'presets', presets: own.map((preset, i) => validatePreset(preset, i === 0)) });
}
