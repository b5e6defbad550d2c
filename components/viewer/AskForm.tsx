import type { ComponentChildren, InputHTMLAttributes } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

export interface AskFormProps {
  /** Prefix of the heading's, the field's and the message's ids. */
  id: string;
  heading: string;
  /** What the page says between the heading and the field. */
  intro?: ComponentChildren;
  label: string;
  /** The field's kind, e.g. { type: 'email', autocomplete: 'email' }. */
  field: InputHTMLAttributes<HTMLInputElement>;
  submitLabel: string;
  /** A quiet line under the field until an answer is refused; the refusal then takes its place. */
  hint?: string;
  busy: boolean;
  /** Why the last answer was refused, in words. */
  error?: string;
  /** Hears the answer as `clean` reads it (as typed by default); an empty answer is never sent. */
  onSubmit: (value: string) => void;
  clean?: (value: string) => string;
}

/** What the page around a question gives it: whether it is busy, the last refusal, where answers go. */
export type AnswerProps = Pick<AskFormProps, 'busy' | 'error' | 'onSubmit'>;

/**
 * A one-question form of the recipient page: the passphrase, or the recipient's address. The line under the
 * field keeps its room whether it holds the hint, the refusal or nothing, so a refusal moves nothing.
 */
export function AskForm({ id, busy, error, onSubmit, clean = (value) => value, ...props }: AskFormProps) {
  const [typed, setTyped] = useState('');
  const value = clean(typed);
  const described = error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <form
      class="ask card"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onSubmit(value);
      }}
    >
      <h2 id={`${id}-heading`}>{props.heading}</h2>
      {props.intro}
      <label for={`${id}-input`}>{props.label}</label>
      <div class="ask-row">
        <input
          {...props.field}
          id={`${id}-input`}
          value={typed}
          onInput={(event) => setTyped(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <button type="submit" disabled={busy || !value}>
          {busy ? t('viewer_checking') : props.submitLabel}
        </button>
      </div>
      <div class="ask-message">
        {error ? (
          <p id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : (
          props.hint && (
            <p id={`${id}-hint`} class="hint">
              {props.hint}
            </p>
          )
        )}
      </div>
    </form>
  );
}
