import { SettingsIcon, WandIcon } from '@/components/icons';
import { onDemand, Part } from '@/components/onDemand';
import type { GeneratorChoice } from '@/lib/generator';
import { t } from '@/lib/i18n';
import { useRef } from 'preact/hooks';
import type { GeneratorPanelProps } from './GeneratorPanel';
import { closeOnEscape } from './escape';
import { PANEL_ID } from './ids';
import './generator.css';

/** The generator as a container runs it (entrypoints/popup/useGenerator.ts). */
export interface Generator {
  /** Fills a field with a new secret made by the current (or saved) choices. */
  generate(fill: (value: string) => void): void;
  panelOpen: boolean;
  togglePanel(): void;
  /** The choices, once read (the panel opens with them). */
  choice?: GeneratorChoice;
  /** A changed choice from the panel: saved as the default, and the field gets a new value made by it. */
  choose(choice: GeneratorChoice, fill: (value: string) => void): void;
  /** Puts `value` (the field's, as the panel's Copy asks) on the clipboard; rejects when it could not. */
  copy(value: string): Promise<void>;
}

export interface SecretToolProps {
  generator: Generator;
  /** The field the wand fills: focus returns there, so Enter still creates the push. */
  fieldId: string;
  fill: (value: string) => void;
  /** The field's value now, for the panel's Copy. */
  value: string;
}

// The panel (and the choices' schema it shows) loads when first opened, not with the popup.
const PANEL = onDemand<GeneratorPanelProps>(() => import('./GeneratorPanel').then((m) => m.GeneratorPanel));

/**
 * The generator's wand and its options button, laid over the field's end corner (the field wraps both in
 * `.sp-tooled`), and the options panel under the field while open.
 */
export function SecretTool({ generator, fieldId, fill, value }: SecretToolProps) {
  const { panelOpen, choice } = generator;
  const options = useRef<HTMLButtonElement>(null);
  // Esc in the open panel or on its buttons closes the panel and hands the focus back to its button.
  const close = panelOpen
    ? () => {
        generator.togglePanel();
        options.current?.focus();
      }
    : undefined;
  return (
    <>
      <span class="sp-tool" onKeyDown={(e) => closeOnEscape(e, close)}>
        <button
          type="button"
          class="icon-button"
          aria-label={t('generator_generate')}
          title={t('generator_generate')}
          onClick={() => {
            generator.generate(fill);
            document.getElementById(fieldId)?.focus();
          }}
        >
          <WandIcon />
        </button>
        <button
          type="button"
          class="icon-button"
          aria-label={t('generator_options')}
          title={t('generator_options')}
          ref={options}
          aria-expanded={panelOpen}
          aria-controls={PANEL_ID}
          onClick={() => generator.togglePanel()}
        >
          <SettingsIcon />
        </button>
      </span>
      {panelOpen && choice && (
        <Part
          of={PANEL}
          choice={choice}
          onChange={(next) => generator.choose(next, fill)}
          value={value}
          onCopy={() => generator.copy(value)}
          onClose={close}
        />
      )}
    </>
  );
}
