import type { ComponentChildren } from 'preact';
import { described, FieldError } from './FieldError';

/** A labelled field: its label, the control, an optional hint (id `<id>-hint`) and the field's errors. */
export function FieldFrame(props: {
  id: string;
  label: string;
  hint?: string;
  field?: string;
  errors?: string[];
  children: ComponentChildren;
}) {
  return (
    <div class="sp-field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p id={`${props.id}-hint`} class="sp-hint">
          {props.hint}
        </p>
      )}
      {props.field && <FieldError field={props.field} messages={props.errors} />}
    </div>
  );
}

/** A one-line text option with its hint and errors. */
export function TextField(props: {
  id: string;
  field: string;
  label: string;
  value: string;
  errors?: string[];
  hint?: string;
  /** A sample of what to type: what the field stands for when left empty. */
  placeholder?: string;
  onInput: (value: string) => void;
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  return (
    <FieldFrame {...props}>
      <input
        id={props.id}
        value={props.value}
        placeholder={props.placeholder}
        autocomplete="off"
        onInput={(e) => props.onInput(e.currentTarget.value)}
        {...described(props.field, props.errors, hintId)}
      />
    </FieldFrame>
  );
}

/** A checkbox option with its one-line hint and its errors. */
export function CheckField(props: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[];
  field: string;
}) {
  return (
    <div class="sp-field">
      <label class="sp-check">
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          {...described(props.field, props.errors, props.hint ? `${props.field}-hint` : undefined)}
        />
        {props.label}
      </label>
      {props.hint && (
        <p id={`${props.field}-hint`} class="sp-hint sp-check-hint">
          {props.hint}
        </p>
      )}
      <FieldError field={props.field} messages={props.errors} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
  /** The language the label is written in, when it is not the page's. */
  lang?: string;
}

/** A drop-down option with its errors. */
export function SelectField(props: {
  id: string;
  field: string;
  label: string;
  value: string;
  choices: readonly Choice[];
  errors?: string[];
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame {...props}>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        {...described(props.field, props.errors)}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value} lang={choice.lang}>
            {choice.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
