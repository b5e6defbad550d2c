import { AskForm } from './AskForm';

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
export function RecipientForm(props: RecipientFormProps) {
  return (
    <AskForm
      id="recipient"
      heading="This secret is for its intended recipients"
      label="Your e-mail address"
      field={{ type: 'email', autocomplete: 'email' }}
      submitLabel="Reveal secret"
      clean={(value) => value.trim()}
      {...props}
    >
      <p>The sender shared it with specific e-mail addresses. Revealing it uses one view.</p>
      <p>The demo service sends no code by e-mail: entering an address the sender listed is enough here.</p>
    </AskForm>
  );
}
