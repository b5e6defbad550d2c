import { t } from '@/lib/i18n';

/** A preset as the row offers it: its name, and why it cannot be used when it cannot. */
export interface PresetChoice {
  id: string;
  name: string;
  /** Why the server or the organization cannot honour it (lib/presets); absent: it can be chosen. */
  problem?: string;
}

export interface PresetRowProps {
  presets: readonly PresetChoice[];
  /** The preset whose options the form holds. */
  chosen?: string;
  /** Said under the row in the place of "Options from …": why the preset last clicked was not applied. */
  refusal?: string;
  onChoose: (id: string) => void;
}

/**
 * The row of presets above the create form (issue 39 §1): one button each, the one in force pressed and
 * named under the row (the popup says a choice through its one live region). One the server or the organization cannot honour stays in the row, marked, and a
 * click on it says why instead of filling anything.
 */
export function PresetRow({ presets, chosen, refusal, onChoose }: PresetRowProps) {
  const inForce = presets.find((preset) => preset.id === chosen);
  return (
    <div class="sp-presets">
      <div class="sp-preset-row" role="group" aria-label={t('preset_rowLabel')}>
        {presets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            class={preset.problem ? 'sp-preset sp-preset-unusable' : 'sp-preset'}
            aria-pressed={preset.id === chosen}
            aria-disabled={preset.problem ? true : undefined}
            title={preset.problem}
            aria-label={preset.problem ? t('preset_unusable', preset.name, preset.problem) : undefined}
            onClick={() => onChoose(preset.id)}
          >
            {preset.name}
          </button>
        ))}
      </div>
      <p class="sp-preset-note">{refusal ?? (inForce ? t('preset_inForce', inForce.name) : '')}</p>
    </div>
  );
}
