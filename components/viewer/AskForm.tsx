import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useState } from 'preact/hooks';

export interface AskFormProps {
  /** Prefix of the heading's and the error's ids. */
  id: string;
  heading: string;
  /** What the page says between the heading and the field. */
  intro?: ComponentChildren;
  label: string;
  /** The field's kind, e.g. { type: 'email', autocomplete: 'email' }. */
  field: InputHTMLAttributes<HTMLInputElement>;
  submitLabel: string;
  busy: boolean;
  /** Why the last answer was refused, in words. */
  error?: string;
  /** Hears the answer as `clean` reads it (as typed by default); an empty answer is never sent. */
  onSubmit: (value: string) => void;
  clean?: (value: string) => string;
}

/** What the page around a question gives it: whether it is busy, the last refusal, where answers go. */
export type AnswerProps = Pick<AskFormProps, 'busy' | 'error' | 'onSubmit'>;

/** A one-question form of the recipient page: the passphrase, or the recipient's address. */
export function AskForm({ id, busy, error, onSubmit, clean = (value) => value, ...props }: AskFormProps) {
  const [typed, setTyped] = useState('');
  const value = clean(typed);
  return (
    <form
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onSubmit(value);
      }}
    >
      <h2 id={`${id}-heading`}>{props.heading}</h2>
      {props.intro}
      <label>
        {props.label}
        <input
          {...props.field}
          value={typed}
          onInput={(event) => setTyped(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </label>
      {error && (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || !value}>
        {busy ? 'Checking…' : props.submitLabel}
      </button>
    </form>
  );
}
