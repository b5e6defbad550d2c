/** The ranges of the push defaults, the same for both editions, checked with zod before they are saved. */
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { PushDefaults } from './values';
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
