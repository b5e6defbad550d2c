import { useState } from 'preact/hooks';

export interface PassphraseFormProps {
  busy: boolean;
  /** Shown after a wrong passphrase or a refused attempt. */
  error?: string;
  onSubmit: (passphrase: string) => void;
}

/** Asks for the passphrase; the secret (and a view) is only fetched once it is right. */
export function PassphraseForm({ busy, error, onSubmit }: PassphraseFormProps) {
  const [passphrase, setPassphrase] = useState('');
  return (
    <form
      aria-labelledby="passphrase-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (passphrase) onSubmit(passphrase);
      }}
    >
      <h2 id="passphrase-heading">This secret is protected by a passphrase</h2>
      <label>
        Passphrase
        <input
          type="password"
          autocomplete="off"
          value={passphrase}
          onInput={(event) => setPassphrase(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'passphrase-error' : undefined}
        />
      </label>
      {error && (
        <p id="passphrase-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy || !passphrase}>
        {busy ? 'Checking…' : 'Unlock'}
      </button>
    </form>
  );
}
