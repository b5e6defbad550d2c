import { announce } from '@/components/announce';
import type { PassphraseStyle } from '@/lib/generator/passphrase';
import type { FormAction, FormState } from '@/lib/push/form';
import { t } from '@/lib/i18n';
import { defaultPassphrase } from './passphrase';
import { activeTabUrl } from './tab';

export interface FormActions {
  /** New push: a fresh form with a fresh default passphrase. */
  reset(): void;
  generate(style: PassphraseStyle): void;
  /** Fills the URL field with the active tab's address. */
  useTabUrl(): void;
}

/** The form's buttons that do more than dispatch; a failure becomes the form's notice. */
export function useFormActions(
  state: FormState,
  dispatch: (action: FormAction) => void,
  {
    setNotice,
    report,
    forget,
  }: {
    setNotice: (notice: string | undefined) => void;
    report: (error: unknown) => void;
    forget: () => void;
  },
): FormActions {
  const reset = () => {
    // While sending, the form stays as sent (the reducer ignores a reset then, and so does this).
    if (state.status === 'sending') return;
    defaultPassphrase(state.defaults.passphrase).then((passphrase) => {
      forget();
      setNotice(undefined);
      dispatch({ type: 'reset', passphrase });
    }, report);
  };

  const generate = (style: PassphraseStyle) => {
    import('@/lib/generator/passphrase')
      .then(({ defaultRandom, generatePassphrase }) => generatePassphrase(defaultRandom, style))
      .then(({ value }) => {
        dispatch({ type: 'options', patch: { passphrase: value } });
        // Said without the value: focus stays on the wand, and the field shows it.
        announce(t('push_passphraseGenerated'));
      }, report);
  };

  const useTabUrl = () => {
    activeTabUrl().then((url) => {
      if (url) dispatch({ type: 'url', value: url });
      setNotice(url ? undefined : t('popup_tabNoAddress'));
    }, report);
  };

  return { reset, generate, useTabUrl };
}
