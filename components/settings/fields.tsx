import type { ComponentChildren } from 'preact';

/** NaN for an empty number field, which the defaults rules then reject with their own message. */
const numberOf = (input: HTMLInputElement) => (input.value === '' ? Number.NaN : Number(input.value));

/** A whole-number setting within a range, with its error; empty reads as NaN. */
export function NumberField(props: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  error?: string;
  disabled?: boolean;
  /** A line under the field (an organization's "Set by your organization."). */
  note?: ComponentChildren;
  onChange: (value: number) => void;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="number"
        min={props.min}
        max={props.max}
        step={1}
        disabled={props.disabled}
        value={Number.isNaN(props.value) ? '' : props.value}
        aria-invalid={props.error ? true : undefined}
        onInput={(e) => props.onChange(numberOf(e.currentTarget))}
      />
      {props.error && <p class="field-error">{props.error}</p>}
      {props.note}
    </div>
  );
}

/** The ARIA that ties the input `id` to its error (`id`-error), or else to its help text (`id`-help). */
export function describedBy(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : `${id}-help`,
  } as const;
}

/**
 * A labelled settings field: the control, then its error (`id`-error) and its help text (`id`-help). The
 * help gives way to the error unless `keepHelp` says it still matters then.
 */
export function SettingsField(props: {
  id: string;
  label: string;
  error?: string;
  help: ComponentChildren;
  keepHelp?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.error && (
        <p id={`${props.id}-error`} class="field-error">
          {props.error}
        </p>
      )}
      {(!props.error || props.keepHelp) && (
        <p id={`${props.id}-help`} class="help">
          {props.help}
        </p>
      )}
    </div>
  );
}

/** A select of numeric choices, each shown by `label`; reports the chosen number. */
export function NumberSelect(props: {
  id: string;
  value: number;
  choices: readonly number[];
  label: (choice: number) => string;
  /** The error/help ties of describedBy, for a field that has them. */
  aria?: ReturnType<typeof describedBy>;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  return (
    <select
      id={props.id}
      disabled={props.disabled}
      value={String(props.value)}
      {...props.aria}
      onChange={(e) => props.onChange(Number(e.currentTarget.value))}
    >
      {props.choices.map((choice) => (
        <option key={choice} value={String(choice)}>
          {props.label(choice)}
        </option>
      ))}
    </select>
  );
}
