import { t } from '@/lib/i18n';
import { AskForm, type AnswerProps } from './AskForm';

/**
 * authenticated_recipients: the address comes first. A real server mails a code to it; the demo service
 * sends no mail, so an address the sender listed is enough, and the page says so.
 */
export function RecipientForm(props: AnswerProps) {
  return (
    <AskForm
      id="recipient"
      heading={t('viewer_recipientHeading')}
      intro={
        <>
          <p>{t('viewer_recipientIntro')}</p>
          <p>{t('viewer_recipientDemo')}</p>
        </>
      }
      label={t('viewer_emailLabel')}
      field={{ type: 'email', autocomplete: 'email' }}
      clean={(value) => value.trim()}
      submitLabel={t('viewer_reveal')}
      {...props}
    />
  );
}
