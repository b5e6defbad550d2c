import { useState } from 'preact/hooks';
import { CheckField } from '@/components/CheckField';
import { CheckIcon, CopyIcon } from '@/components/icons';
import { useFlash } from '@/components/useFlash';
import { plural, t, type MessageKey } from '@/lib/i18n';
import {
  LENGTH,
  SEPARATORS,
  strengthBits,
  strengthOf,
  WORD_COUNT,
  type Strength,
  type CharacterChoice,
  type GeneratorChoice,
  type WordChoice,
} from '@/lib/generator';
import { closeOnEscape } from './escape';
import { PANEL_ID } from './ids';

export interface GeneratorPanelProps {
  choice: GeneratorChoice;
  /** A changed choice: the container saves it as the default and makes a new value with it. */
  onChange: (choice: GeneratorChoice) => void;
  /** The field's value now: what Copy copies (nothing to copy while it is empty). */
  value: string;
  /** Copies `value` (the container owns the clipboard); resolves once it is on the clipboard. */
  onCopy: () => Promise<void>;
  /** Esc inside the panel: it closes, and the form around it does not hear the key (it would clear). */
  onClose?: () => void;
}

const STRENGTH_WORDS: Record<Strength, MessageKey> = {
  weak: 'generator_strengthWeak',
  fair: 'generator_strengthFair',
  strong: 'generator_strengthStrong',
  veryStrong: 'generator_strengthVeryStrong',
};

/** "Very strong · 122 bits": the word first, then the bits it is counted from. */
function strengthLine(choice: GeneratorChoice): string {
  const bits = Math.floor(strengthBits(choice));
  return `${t(STRENGTH_WORDS[strengthOf(bits)])} · ${plural('generator_strength', bits)}`;
}

/** The creator's own copy of the value the wand made (an admin sets that password too), "Copied" for a moment. */
function CopyValue({ value, onCopy }: Pick<GeneratorPanelProps, 'value' | 'onCopy'>) {
  const [copied, setCopied] = useFlash<true>();
  return (
    <button
      type="button"
      disabled={value === ''} // A failed copy is reported by the container (the form's notice); the button then stays as it was.
      onClick={() =>
        onCopy().then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      {copied ? t('push_copied') : t('push_copySecret')}
    </button>
  );
}

/** The character classes, each shown by its characters and named in words for assistive technology. */
const CLASSES: Array<
  [keyof CharacterChoice & ('upper' | 'lower' | 'digits' | 'symbols'), string, MessageKey]
> = [
  ['upper', 'A–Z', 'generator_upper'],
  ['lower', 'a–z', 'generator_lower'],
  ['digits', '0–9', 'generator_digits'],
  ['symbols', '!#$', 'generator_symbols'],
];

/** The characters "avoid look-alikes" leaves out (lib/generator/passphrase.ts), shown as they are in any language. */
const LOOK_ALIKES = '(0 O 1 l I)';

/**
 * A whole number within `range`: what is typed stays in the field as typed; only a valid number reaches
 * `onChange`, and anything else is said next to the field.
 */
function NumberField(props: {
  id: string;
  label: string;
  value: number;
  range: { min: number; max: number };
  onChange: (value: number) => void;
}) {
  const { id, range } = props;
  const [text, setText] = useState(String(props.value));
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(value) && value >= range.min && value <= range.max;
  return (
    <div class="sp-row">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        min={range.min}
        max={range.max}
        value={text}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-error`}
        onInput={(e) => {
          const typed = e.currentTarget.value;
          setText(typed);
          const n = Number(typed);
          if (typed.trim() !== '' && Number.isInteger(n) && n >= range.min && n <= range.max)
            props.onChange(n);
        }}
      />
      {!valid && (
        <span id={`${id}-error`} class="sp-error">
          {t('generator_range', range.min, range.max)}
        </span>
      )}
    </div>
  );
}

function CharacterOptions(props: {
  choice: CharacterChoice;
  onChange: (patch: Partial<CharacterChoice>) => void;
}) {
  const { choice, onChange } = props;
  const on = CLASSES.filter(([name]) => choice[name]).length;
  return (
    <>
      <NumberField
        id="sp-gen-length"
        label={t('generator_length')}
        value={choice.length}
        range={LENGTH}
        onChange={(length) => onChange({ length })}
      />
      <div class="sp-row">
        {CLASSES.map(([name, shown, words]) => (
          <label key={name} class="sp-check" title={t(words)}>
            <input
              type="checkbox"
              aria-label={t(words)}
              checked={choice[name]}
              // The last class on stays on: a secret needs characters to be made of.
              disabled={choice[name] && on === 1}
              onChange={(e) => onChange({ [name]: e.currentTarget.checked })}
            />
            {/* Isolated left to right, so "0–9" reads so in a right-to-left page too. */}
            <bdi dir="ltr" aria-hidden="true">
              {shown}
            </bdi>
          </label>
        ))}
      </div>
      <CheckField
        class="sp-check"
        checked={choice.avoidAmbiguous}
        onChange={(avoidAmbiguous) => onChange({ avoidAmbiguous })}
      >
        {t('generator_avoidAmbiguous')}{' '}
        <bdi dir="ltr" class="sp-mono">
          {LOOK_ALIKES}
        </bdi>
      </CheckField>
    </>
  );
}

function WordOptions(props: { choice: WordChoice; onChange: (patch: Partial<WordChoice>) => void }) {
  const { choice, onChange } = props;
  return (
    <>
      <NumberField
        id="sp-gen-words"
        label={t('generator_wordCount')}
        value={choice.count}
        range={WORD_COUNT}
        onChange={(count) => onChange({ count })}
      />
      <div class="sp-row">
        <label for="sp-gen-separator">{t('generator_separator')}</label>
        <select
          id="sp-gen-separator"
          value={choice.separator}
          onChange={(e) => onChange({ separator: e.currentTarget.value as WordChoice['separator'] })}
        >
          {SEPARATORS.map((separator) => (
            <option key={separator} value={separator}>
              {separator === ' ' ? t('generator_separatorSpace') : separator}
            </option>
          ))}
        </select>
      </div>
      <div class="sp-row">
        <CheckField
          class="sp-check"
          checked={choice.capitalize}
          onChange={(capitalize) => onChange({ capitalize })}
        >
          {t('generator_capitalize')}
        </CheckField>
        <CheckField class="sp-check" checked={choice.number} onChange={(number) => onChange({ number })}>
          {t('generator_addNumber')}
        </CheckField>
      </div>
    </>
  );
}

/**
 * How the wand makes a secret: characters or words, the strength that follows (in words and bits), and a
 * Copy of the field's value.
 */
export function GeneratorPanel({ choice, onChange, value, onCopy, onClose }: GeneratorPanelProps) {
  return (
    <div
      id={PANEL_ID}
      class="sp-generator"
      role="group"
      aria-label={t('generator_panel')}
      onKeyDown={(e) => closeOnEscape(e, onClose)}
    >
      <div class="sp-row" role="radiogroup" aria-label={t('generator_mode')}>
        {(['characters', 'words'] as const).map((mode) => (
          <label key={mode} class="sp-check">
            <input
              type="radio"
              name="sp-gen-mode"
              checked={choice.mode === mode}
              onChange={() => onChange({ ...choice, mode })}
            />
            {mode === 'characters' ? t('generator_modeCharacters') : t('generator_modeWords')}
          </label>
        ))}
      </div>
      {choice.mode === 'characters' ? (
        <CharacterOptions
          choice={choice.characters}
          onChange={(patch) => onChange({ ...choice, characters: { ...choice.characters, ...patch } })}
        />
      ) : (
        <WordOptions
          choice={choice.words}
          onChange={(patch) => onChange({ ...choice, words: { ...choice.words, ...patch } })}
        />
      )}
      <div class="sp-row sp-strength-row">
        {/* Read where it is, not a status region: it changes with every keystroke and slider move. */}
        <p class="sp-hint sp-strength">{strengthLine(choice)}</p>
        <CopyValue value={value} onCopy={onCopy} />
      </div>
    </div>
  );
}
