import { useState } from 'preact/hooks';

export interface RecipientFormProps {
  busy: boolean;
  /** Shown after an address that is not on the push's list. */
  error?: string;
  onSubmit: (email: string) => void;
}

/**
 * authenticated_recipients: the address comes first. A real server mails a code to it; the demo service
 * sends no mail, so an address the sender listed is enough, and the page says so.
 */
export function RecipientForm({ busy, error, onSubmit }: RecipientFormProps) {
  const [email, setEmail] = useState('');
  const trimmed = email.trim();
  return (
    <form
      aria-labelledby="recipient-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onSubmit(trimmed);
      }}
    >
      <h2 id="recipient-heading">This secret is for its intended recipients</h2>
      <p>The sender shared it with specific e-mail addresses. Revealing it uses one view.</p>
      <p>The demo service sends no code by e-mail: entering an address the sender listed is enough here.</p>
      <label>
        Your e-mail address
        <input
          type="email"
          autocomplete="email"
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'recipient-error' : undefined}
        />
      </label>
      {error && (
        <p id="recipient-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || !trimmed}>
        {busy ? 'Checking…' : 'Reveal secret'}
      </button>
    </form>
  );
}
