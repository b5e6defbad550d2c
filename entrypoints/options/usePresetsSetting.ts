import { useState } from 'preact/hooks';
import { toAppError } from '@/lib/errors';
import { savePresets, validatePreset } from '@/lib/settings/defaults';
import type { Preset, Settings } from '@/lib/settings';
import type { PresetRowView } from '@/components/settings/PresetsFields';
import { isSignedIn, knownEdition } from '@/lib/connection/target';
import { durationLabel } from '@/lib/durations';
import { formatDays } from '@/lib/format/duration';
import { uiLocale } from '@/lib/i18n';
import { viewCount } from '@/lib/format/views';
import { presetFit, presetName, presetProblemText, presetsOf } from '@/lib/presets';
import { fieldMessages, type FieldErrors } from './errors';
import type { SettingsDraft } from './useSettingsDraft';

export interface PresetsSetting {
  /** The preset whose fields are open (a new one, or Edit on a saved one); null: none. */
  editing: Preset | null;
  /** Whether `editing` is a preset not saved yet. */
  adding: boolean;
  errors: FieldErrors;
  add(): void;
  edit(id: string): void;
  change(patch: Partial<Preset>): void;
  cancel(): void;
  /** Saves the open preset once its fields are valid (they say why not, next to each). */
  commit(): void;
  /** Moves one of the user's presets one place up (-1) or down (+1) among the user's. */
  move(id: string, by: -1 | 1): void;
  remove(id: string): void;
}

/**
 * The options page's presets (issue 39 §1): the user's own list (the organization's are shown, never
 * saved), edited one preset at a time and saved whole through the settings' one save. A new preset starts
 * from the first one's options, its expiry in the form the default server's edition takes (`edition`).
 */
export function usePresetsSetting(draft: SettingsDraft, edition?: 'pro' | 'oss'): PresetsSetting {
  const [editing, setEditing] = useState<Preset | null>(null);
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const own = draft.read?.presets ?? [];

  const save = (list: Preset[]) =>
    savePresets(list).then(
      () => true,
      (error: unknown) => {
        setErrors(fieldMessages(toAppError(error)));
        return false;
      },
    );

  const open = (preset: Preset, isNew: boolean) => {
    setEditing(preset);
    setAdding(isNew);
    setErrors({});
  };

  return {
    editing,
    adding,
    errors,
    add() {
      const first = own[0];
      if (!first) return;
      const { expireAfterDuration, expireAfterDays, ...rest } = first;
      const expiry =
        edition === 'pro'
          ? { expireAfterDuration }
          : edition === 'oss'
            ? { expireAfterDays }
            : { expireAfterDuration, expireAfterDays };
      open({ ...rest, ...expiry, id: crypto.randomUUID(), name: '', notifyEmails: '', note: '' }, true);
    },
    edit(id) {
      const preset = own.find((one) => one.id === id);
      if (preset) open(preset, false);
    },
    change: (patch) => setEditing((current) => current && { ...current, ...patch }),
    cancel() {
      setEditing(null);
      setErrors({});
    },
    commit() {
      if (!editing) return;
      const first = adding ? false : own[0]?.id === editing.id;
      let checked: Preset;
      try {
        checked = validatePreset(editing, first);
      } catch (error) {
        setErrors(fieldMessages(toAppError(error)));
        return;
      }
      const list = adding ? [...own, checked] : own.map((one) => (one.id === checked.id ? checked : one));
      void save(list).then((done) => done && setEditing(null));
    },
    move(id, by) {
      const at = own.findIndex((one) => one.id === id);
      const to = at + by;
      if (at < 0 || to < 0 || to >= own.length) return;
      const list = [...own];
      [list[at], list[to]] = [list[to]!, list[at]!];
      void save(list);
    },
    remove(id) {
      if (own.length < 2) return;
      if (editing?.id === id) setEditing(null);
      void save(own.filter((one) => one.id !== id));
    },
  };
}

/** A preset's expiry in words: its duration (Pro), else its days. */
function expiryWords(preset: Preset, edition?: 'pro' | 'oss'): string {
  const { expireAfterDuration: duration, expireAfterDays: days } = preset;
  if (duration !== undefined && (edition !== 'oss' || days === undefined))
    return durationLabel(duration, uiLocale());
  return days === undefined ? '' : formatDays(days, uiLocale());
}

/**
 * The rows of the presets in force (`settings.presets`): each with its words, whether the default server
 * (`edition`, a token) and the policy's limits let it be used, and the buttons it offers; `own` is the
 * user's list, in which Move works.
 */
export function presetRows(settings: Settings, own: readonly Preset[]): PresetRowView[] {
  const edition = knownEdition(settings);
  const where = { edition, signedIn: isSignedIn(settings), policy: settings.policy };
  return presetsOf(settings).map((preset, index) => {
    const at = own.findIndex((one) => one.id === preset.id);
    const fit = presetFit(preset, where);
    return {
      id: preset.id,
      name: presetName(preset),
      // Two facts side by side, each in the UI language's words (the separator is the push labels' own).
      summary: `${expiryWords(preset, edition)} · ${viewCount(preset.expireAfterViews)}`,
      ...(fit.ok ? {} : { problem: presetProblemText(fit.problem) }),
      locked: preset.locked === true,
      first: index === 0,
      canUp: at > 0,
      canDown: at >= 0 && at < own.length - 1,
      canRemove: at >= 0 && own.length > 1,
    };
  });
}
