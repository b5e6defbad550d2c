/**
 * Presets' pure core (issue 39 §1): which presets are in force, the first one (the keyboard shortcut's and
 * the plain menu items'), and whether a preset fits a server (its edition, a token for e-mails) and the
 * organization's limits, with the options it then gives a push. A preset that does not fit is never
 * changed to fit: its problem is shown and nothing is sent with it.
 */
import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { Edition } from '@/lib/api';
import { presetFromDefaults, type Policy, type Preset, type Settings } from '@/lib/settings/read';

const DAY = 24 * 60 * 60;

/** The presets in force (the settings' list; the one preset of the defaults when a copy lacks it). */
export function presetsOf(settings: Pick<Settings, 'presets' | 'defaults'>): readonly Preset[] {
  return settings.presets && settings.presets.length > 0
    ? settings.presets
    : [presetFromDefaults(settings.defaults)];
}

/** The first preset: the keyboard shortcut's, the plain menu items' and any other quick push's. */
export function firstPreset(settings: Pick<Settings, 'presets' | 'defaults'>): Preset {
  return presetsOf(settings)[0]!;
}

/** The preset `id` among those in force; the first when `id` is absent or no longer there. */
export function presetById(settings: Pick<Settings, 'presets' | 'defaults'>, id?: string): Preset {
  return presetsOf(settings).find((preset) => preset.id === id) ?? firstPreset(settings);
}

/** The options a preset gives a push, once it fits: the expiry in the form(s) the server understands. */
export type PresetOptions = Omit<Preset, 'id' | 'name' | 'locked'>;

/**
 * Why a preset cannot be used as it is: `edition`, its expiry has no exact equal on this server's edition
 * (10 minutes on an open-source server, 10 days on Pro); `range`, a value outside what any server takes;
 * `signIn`, notification e-mails without an API token; `views` and `expiry`, beyond the organization's
 * most views or longest expiry.
 */
export type PresetProblem = 'edition' | 'range' | 'signIn' | 'views' | 'expiry';

export type PresetFit = { ok: true; options: PresetOptions } | { ok: false; problem: PresetProblem };

/** Where a preset is used: the server's edition (undefined: not known yet), a token, the policy. */
export interface FitContext {
  edition?: Edition;
  signedIn: boolean;
  policy?: Policy;
}

const whole = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The Pro duration equal to `days` exactly (7 → 1 week), if the table has one. */
export function durationForDays(days: number): number | undefined {
  return DURATIONS.find((duration) => duration.seconds === days * DAY)?.value;
}

/** The whole days a Pro duration is exactly (1 week → 7), if it is a whole number of days in 1..90. */
export function daysForDuration(value: number): number | undefined {
  const seconds = DURATIONS[value]?.seconds;
  if (seconds === undefined || seconds % DAY !== 0) return undefined;
  const days = seconds / DAY;
  return whole(days, DAYS_MIN, DAYS_MAX) ? days : undefined;
}

/** The expiry in the forms the edition understands; null when it has no exact equal there. */
function expiryFor(
  preset: Preset,
  edition: Edition | undefined,
): Pick<PresetOptions, 'expireAfterDuration' | 'expireAfterDays'> | null {
  const duration = preset.expireAfterDuration ?? daysAsDuration(preset.expireAfterDays);
  const days = preset.expireAfterDays ?? durationAsDays(preset.expireAfterDuration);
  if (edition === 'pro') return duration === undefined ? null : { expireAfterDuration: duration };
  if (edition === 'oss') return days === undefined ? null : { expireAfterDays: days };
  // Not known yet: what it has, in each form it has an exact equal in (the client keeps its edition's).
  return {
    ...(duration !== undefined ? { expireAfterDuration: duration } : {}),
    ...(days !== undefined ? { expireAfterDays: days } : {}),
  };
}

const daysAsDuration = (days?: number) => (days === undefined ? undefined : durationForDays(days));
const durationAsDays = (value?: number) => (value === undefined ? undefined : daysForDuration(value));

/** The longest time a push with these options lives, in seconds. */
function longest(options: Pick<PresetOptions, 'expireAfterDuration' | 'expireAfterDays'>): number {
  const fromDuration = DURATIONS[options.expireAfterDuration ?? -1]?.seconds ?? 0;
  return Math.max(fromDuration, (options.expireAfterDays ?? 0) * DAY);
}

/** Whether `preset` can be used where `context` says, and the options it then gives. */
export function presetFit(preset: Preset, context: FitContext): PresetFit {
  const { expireAfterDuration: duration, expireAfterDays: days, expireAfterViews: views } = preset;
  const inRange =
    (duration === undefined || whole(duration, 0, DURATIONS.length - 1)) &&
    (days === undefined || whole(days, DAYS_MIN, DAYS_MAX)) &&
    whole(views, VIEWS_MIN, VIEWS_MAX);
  if (!inRange) return { ok: false, problem: 'range' };
  const expiry = expiryFor(preset, context.edition);
  if (expiry === null) return { ok: false, problem: 'edition' };
  const policy = context.policy ?? {};
  if (policy.maxViews !== undefined && views > policy.maxViews) return { ok: false, problem: 'views' };
  if (policy.maxExpireDays !== undefined && longest(expiry) > policy.maxExpireDays * DAY)
    return { ok: false, problem: 'expiry' };
  if (preset.notifyEmails.trim() !== '' && !context.signedIn) return { ok: false, problem: 'signIn' };
  const { retrievalStep, deletableByViewer, passphrase, notifyEmails, note } = preset;
  return {
    ok: true,
    options: {
      ...expiry,
      expireAfterViews: views,
      retrievalStep,
      deletableByViewer,
      passphrase,
      notifyEmails,
      note,
    },
  };
}
