import { AskForm, type AnswerProps } from './AskForm';

/** Asks for the passphrase; the secret (and a view) is only fetched once it is right. */
export function PassphraseForm(props: AnswerProps) {
  return (
    <AskForm
      id="passphrase"
      heading="This secret is protected by a passphrase"
      label="Passphrase"
      field={{ type: 'password', autocomplete: 'off' }}
      submitLabel="Unlock"
      hint="The sender gives you the passphrase separately from the link."
      {...props}
    />
  );
}
