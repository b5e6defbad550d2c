/**
 * lib/presets (issue 39 §1), the door of presets for every context: which are in force, the first one
 * (every quick push's), whether one fits a server and the organization's limits (core.ts, pure), and how
 * they are named and explained in words. Light: no zod, no browser.*, so the popup's first file loads it.
 * The list itself lives in the settings model (lib/settings: stored, checked at the save, followed).
 */
import { t, type MessageKey } from '@/lib/i18n';
import type { Preset } from '@/lib/settings/read';
import type { PresetProblem } from './core';

export * from './core';

/** A preset's name as people read it: the first preset made from the defaults is "Defaults". */
export function presetName(preset: Pick<Preset, 'name'>): string {
  return preset.name.trim() || t('preset_defaultsName');
}

const PROBLEM: Record<PresetProblem, MessageKey> = {
  edition: 'preset_problemEdition',
  range: 'preset_problemRange',
  signIn: 'preset_problemSignIn',
  views: 'preset_problemViews',
  expiry: 'preset_problemExpiry',
};

/** Why a preset cannot be used, in one sentence. */
export function presetProblemText(problem: PresetProblem): string {
  return t(PROBLEM[problem]);
}
