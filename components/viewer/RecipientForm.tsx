import { AskForm, type AnswerProps } from './AskForm';

/**
 * authenticated_recipients: the address comes first. A real server mails a code to it; the demo service
 * sends no mail, so an address the sender listed is enough, and the page says so.
 */
export function RecipientForm(props: AnswerProps) {
  return (
    <AskForm
      id="recipient"
      heading="This secret is for its intended recipients"
      intro={
        <>
          <p>The sender shared it with specific e-mail addresses. Revealing it uses one view.</p>
          <p>
            The demo service sends no code by e-mail: entering an address the sender listed is enough here.
          </p>
        </>
      }
      label="Your e-mail address"
      field={{ type: 'email', autocomplete: 'email' }}
      clean={(value) => value.trim()}
      submitLabel="Reveal secret"
      {...props}
    />
  );
}
