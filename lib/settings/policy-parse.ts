/**
 * The boundary of managed values: whatever an administrator wrote (Chrome checks only the types its schema
 * declares, Firefox checks nothing) becomes a Policy of valid values and a note for each one ignored. A
 * wrong value never throws and never takes its neighbours down with it: each key, each default and each
 * listed kind is checked on its own.
 */
import { memo, z } from '@/lib/zod';
import { PUSH_KINDS, type PushKind } from '@/lib/contract';
import { DAYS_MAX, DAYS_MIN, DURATIONS, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import { normalizeServerUrl } from './model';
import {
  DEFAULT_PUSH_DEFAULTS,
  NO_POLICY,
  PRESETS_MAX,
  type Preset,
  POLICY_NOTES_MAX,
  type Policy,
  type PolicyNote,
  type PolicyState,
  type PushDefaults,
} from './values';

/** The watcher's slowest check is hourly (lib/watch): an organization may pick any minute up to it. */
export const POLICY_INTERVAL_MAX = 60;

const whole = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));

// Every schema here is built on its first use (memo): the background parses the policy on every wake, where
// a browser with no policy needs only `record` (issue 22: schemas built at the top level of background.js
// were built again on each wake).
const DEFAULT_FIELDS = memo((): { [K in keyof PushDefaults]: z.ZodMiniType<PushDefaults[K]> } => ({
  expireAfterDuration: whole(0, DURATIONS.length - 1),
  expireAfterDays: whole(DAYS_MIN, DAYS_MAX),
  expireAfterViews: whole(VIEWS_MIN, VIEWS_MAX),
  retrievalStep: z.boolean(),
  deletableByViewer: z.boolean(),
  passphrase: z.boolean(),
}));

const serverUrl = () =>
  z.pipe(
    z.string(),
    z.transform((url: string, ctx) => {
      try {
        return normalizeServerUrl(url);
      } catch {
        ctx.issues.push({ code: 'custom', message: 'not a server address', input: url }); // i18n-ignore: read by no one
        return z.NEVER;
      }
    }),
  );

const SCALARS = memo(() => ({
  serverUrl: serverUrl(),
  lockServer: z.boolean(),
  allowDemoMode: z.boolean(),
  tokenPlace: z.enum(['device', 'session', 'any']),
  watchIntervalMinutes: whole(1, POLICY_INTERVAL_MAX),
  maxViews: whole(VIEWS_MIN, VIEWS_MAX),
  maxExpireDays: whole(DAYS_MIN, DAYS_MAX),
}));
type Scalar = keyof ReturnType<typeof SCALARS>;

const kind = memo(() => z.enum(PUSH_KINDS));
const record = memo(() => z.record(z.string(), z.unknown()));

/** Text as the options page quotes it: cut short. */
const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** A value as the options page quotes it: JSON, cut short. */
const shown = (value: unknown) => cut(JSON.stringify(value) ?? String(value));

/**
 * The notes of one parse, bounded: the first POLICY_NOTES_MAX kept (each key cut short like its value),
 * the rest only counted. A policy of thousands of bad values once wrote a list that reached the storage
 * quota, and then no part of the policy was stored or applied.
 */
class Notes {
  readonly kept: PolicyNote[] = [];
  leftOff = 0;
  push(note: PolicyNote): void {
    if (this.kept.length < POLICY_NOTES_MAX) this.kept.push({ key: cut(note.key), value: note.value });
    else this.leftOff += 1;
  }
}

function parseKinds(value: unknown, notes: Notes): PushKind[] | undefined {
  if (!Array.isArray(value)) {
    notes.push({ key: 'allowedKinds', value: shown(value) });
    return undefined;
  }
  const kinds: PushKind[] = [];
  value.forEach((entry, index) => {
    const parsed = kind().safeParse(entry);
    if (!parsed.success) notes.push({ key: `allowedKinds[${index}]`, value: shown(entry) });
    else if (!kinds.includes(parsed.data)) kinds.push(parsed.data);
  });
  // No kind at all would leave nothing to push: an empty list is a mistake, not a ban.
  if (kinds.length === 0 && value.length === 0) notes.push({ key: 'allowedKinds', value: '[]' });
  return kinds.length > 0 ? kinds : undefined;
}

function parseDefaults(value: unknown, notes: Notes): Partial<PushDefaults> | undefined {
  const object = record().safeParse(value);
  if (!object.success) {
    notes.push({ key: 'defaults', value: shown(value) });
    return undefined;
  }
  const defaults: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(object.data)) {
    const fields = DEFAULT_FIELDS();
    const schema = Object.hasOwn(fields, key)
      ? (fields[key as keyof PushDefaults] as z.ZodMiniType)
      : undefined;
    const parsed = schema?.safeParse(field);
    if (parsed?.success) defaults[key] = parsed.data;
    else notes.push({ key: `defaults.${key}`, value: shown(field) });
  }
  return Object.keys(defaults).length > 0 ? (defaults as Partial<PushDefaults>) : undefined;
}

const PRESET_TEXT = memo(() => ({
  name: z.string().check(z.minLength(1)),
  notifyEmails: z.string(),
  note: z.string(),
}));

/**
 * One preset of the organization's, or undefined with a note for each value at fault: a preset with a
 * wrong value is left out whole (with its 1 view gone, "Onboarding" would give 5), never used half.
 * Fields it does not set are the built-in defaults'; with no expiry at all, both of theirs.
 */
function parsePreset(value: unknown, index: number, notes: Notes): Preset | undefined {
  const where = `presets[${index}]`;
  const object = record().safeParse(value);
  if (!object.success) {
    notes.push({ key: where, value: shown(value) });
    return undefined;
  }
  const fields: Record<string, unknown> = {};
  let bad = false;
  const schemas: Record<string, z.ZodMiniType> = { ...DEFAULT_FIELDS(), ...PRESET_TEXT() };
  for (const [key, field] of Object.entries(object.data)) {
    const parsed = Object.hasOwn(schemas, key) ? schemas[key]!.safeParse(field) : undefined;
    if (parsed?.success) fields[key] = parsed.data;
    else {
      bad = true;
      notes.push({ key: `${where}.${key}`, value: shown(field) });
    }
  }
  if (typeof fields.name !== 'string') {
    if (!bad) notes.push({ key: `${where}.name`, value: shown(undefined) });
    return undefined;
  }
  if (bad) return undefined;
  const noExpiry = fields.expireAfterDuration === undefined && fields.expireAfterDays === undefined;
  const { expireAfterDuration, expireAfterDays, ...rest } = DEFAULT_PUSH_DEFAULTS;
  return {
    ...rest,
    ...(noExpiry ? { expireAfterDuration, expireAfterDays } : {}),
    notifyEmails: '',
    note: '',
    ...(fields as Partial<Preset>),
    name: fields.name,
    id: `policy-${index}`,
    locked: true,
  };
}

function parsePresets(value: unknown, notes: Notes): Preset[] | undefined {
  if (!Array.isArray(value)) {
    notes.push({ key: 'presets', value: shown(value) });
    return undefined;
  }
  const presets = value
    .map((entry, index) => parsePreset(entry, index, notes))
    .filter((preset): preset is Preset => preset !== undefined);
  return presets.length > 0 ? presets.slice(0, PRESETS_MAX) : undefined;
}

/**
 * The policy in `managed` (storage.managed's whole content; anything else, such as undefined when the
 * browser has no managed storage, is no policy). Invalid and unknown values are left out, each with a note
 * (the first POLICY_NOTES_MAX; the others are counted in `notesLeftOff`).
 */
export function parsePolicy(managed: unknown): PolicyState {
  const object = record().safeParse(managed);
  if (!object.success) return NO_POLICY;
  const policy: Record<string, unknown> = {};
  const notes = new Notes();
  for (const [key, value] of Object.entries(object.data)) {
    if (key === 'allowedKinds') policy.allowedKinds = parseKinds(value, notes);
    else if (key === 'defaults') policy.defaults = parseDefaults(value, notes);
    else if (key === 'presets') policy.presets = parsePresets(value, notes);
    else if (Object.hasOwn(SCALARS(), key)) {
      const parsed = SCALARS()[key as Scalar].safeParse(value);
      if (parsed.success) policy[key] = parsed.data;
      else notes.push({ key, value: shown(value) });
    } else notes.push({ key, value: shown(value) });
  }
  for (const key of Object.keys(policy)) if (policy[key] === undefined) delete policy[key];
  // The count only when there is one, so a policy with few notes reads as it always did.
  const leftOff = notes.leftOff > 0 ? { notesLeftOff: notes.leftOff } : {};
  return { policy: policy as Policy, notes: notes.kept, ...leftOff };
}
