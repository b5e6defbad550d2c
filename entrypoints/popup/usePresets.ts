import { useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import type { PresetChoice, PresetRowProps } from '@/components/push/PresetRow';
import type { FormAction, FormOptions, FormState } from '@/lib/push/form';
import { presetFit, presetName, presetProblemText, type FitContext } from '@/lib/presets';
import { t } from '@/lib/i18n';
import type { PopupContext } from './context';
import { defaultPassphrase } from './passphrase';

export interface PopupPresets {
  /** The row's props; null when there is nothing to choose (one preset, or the settings not read). */
  row: PresetRowProps | null;
  /** `reset` (New push, a reset), then the first preset in force again. */
  afterReset(reset: () => void): () => void;
}

/**
 * The popup's presets (issue 39 §1): which is in force (the first, until another is chosen), and the
 * choice of one, which fills every option it sets and leaves the secret alone. A preset with
 * "passphrase on" gets a generated passphrase when the field is empty (as a fresh form does); one the
 * server or the organization cannot honour fills nothing, and the row says why.
 */
export function usePresets(
  context: PopupContext | undefined,
  state: FormState,
  dispatch: (action: FormAction) => void,
  report: (error: unknown) => void,
): PopupPresets {
  const presets = context?.presets ?? [];
  const [picked, setPicked] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  // The first is in force until another is chosen; one no longer offered (the settings changed) gives way.
  const chosen = presets.some((preset) => preset.id === picked) ? picked : presets[0]?.id;
  const where: FitContext = { edition: state.edition, signedIn: state.signedIn, policy: context?.policy };
  const choices: PresetChoice[] = presets.map((preset) => {
    const fit = presetFit(preset, where);
    const name = presetName(preset);
    return fit.ok
      ? { id: preset.id, name }
      : { id: preset.id, name, problem: presetProblemText(fit.problem) };
  });

  const choose = (id: string) => {
    const preset = presets.find((one) => one.id === id);
    if (!preset) return;
    const fit = presetFit(preset, where);
    if (!fit.ok) {
      const why = t('preset_cannotUse', presetName(preset), presetProblemText(fit.problem));
      setRefusal(why);
      announce(why);
      return;
    }
    const { options } = fit;
    const keep = state.options.passphrase;
    defaultPassphrase(options.passphrase && keep === '').then((generated) => {
      const patch: Partial<FormOptions> = {
        expireAfterViews: options.expireAfterViews,
        retrievalStep: options.retrievalStep,
        deletableByViewer: options.deletableByViewer,
        notifyEmailsTo: options.notifyEmails,
        note: options.note,
        passphrase: options.passphrase ? keep || (generated ?? '') : '',
      };
      if (options.expireAfterDuration !== undefined) patch.expireAfterDuration = options.expireAfterDuration;
      if (options.expireAfterDays !== undefined) patch.expireAfterDays = options.expireAfterDays;
      dispatch({ type: 'options', patch });
      setPicked(id);
      setRefusal(undefined);
      // Said through the page's one live region (components/announce), as the form's notices are.
      announce(t('preset_inForce', presetName(preset)));
    }, report);
  };

  const afterReset = (reset: () => void) => () => {
    reset();
    setPicked(undefined);
    setRefusal(undefined);
  };

  const row = presets.length > 1 ? { presets: choices, chosen, refusal, onChoose: choose } : null;
  return { row, afterReset };
}
