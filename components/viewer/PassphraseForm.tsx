import { AskForm } from './AskForm';

export interface PassphraseFormProps {
  busy: boolean;
  /** Shown after a wrong passphrase or a refused attempt. */
  error?: string;
  onSubmit: (passphrase: string) => void;
}

/** Asks for the passphrase; the secret (and a view) is only fetched once it is right. */
export function PassphraseForm(props: PassphraseFormProps) {
  return (
    <AskForm
      id="passphrase"
      heading="This secret is protected by a passphrase"
      label="Passphrase"
      field={{ type: 'password', autocomplete: 'off' }}
      submitLabel="Unlock"
      {...props}
    />
  );
}
