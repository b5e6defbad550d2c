import { t } from '@/lib/i18n';
import { AskForm, type AnswerProps } from './AskForm';

/** Asks for the passphrase; the secret (and a view) is only fetched once it is right. */
export function PassphraseForm(props: AnswerProps) {
  return (
    <AskForm
      id="passphrase"
      heading={t('viewer_passphraseHeading')}
      label={t('viewer_passphraseLabel')}
      field={{ type: 'password', autocomplete: 'off' }}
      submitLabel={t('viewer_unlock')}
      hint={t('viewer_passphraseHint')}
      {...props}
    />
  );
}
