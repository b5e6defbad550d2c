import { GoneNotice } from '@/components/viewer/GoneNotice';
import { t } from '@/lib/i18n';
import { PassphraseForm } from '@/components/viewer/PassphraseForm';
import { RecipientForm } from '@/components/viewer/RecipientForm';
import { RevealStep } from '@/components/viewer/RevealStep';
import { pushKind } from './reveal-state';
import { ShownPush } from './ShownPush';
import { useReveal } from './useReveal';

export interface PushViewerProps {
  urlToken: string;
  retrievalStep: boolean;
}

/** One push as its recipient meets it: reveal step, address, passphrase, then the secret or why not. */
export function PushViewer({ urlToken, retrievalStep }: PushViewerProps) {
  const { state, retrieve, deleted } = useReveal(urlToken, retrievalStep);
  switch (state.step) {
    case 'checking':
      return <p aria-busy="true">{t('viewer_checkingLink')}</p>;
    case 'reveal':
      return retrievalStep ? (
        <RevealStep busy={state.busy} facts={state.facts} now={Date.now()} onReveal={() => void retrieve()} />
      ) : (
        <p aria-busy="true">{t('viewer_opening')}</p>
      );
    case 'recipient':
      return (
        <RecipientForm busy={state.busy} error={state.error} onSubmit={(email) => void retrieve({ email })} />
      );
    case 'passphrase': {
      const email = state.email;
      return (
        <PassphraseForm
          busy={state.busy}
          error={state.error}
          onSubmit={(passphrase) => void retrieve({ passphrase, email })}
        />
      );
    }
    case 'gone':
      return <GoneNotice reason={state.reason} />;
    case 'error':
      return <p role="alert">{state.message}</p>;
    case 'shown':
      return (
        <ShownPush
          urlToken={urlToken}
          push={state.push}
          kind={pushKind(state.push, state.kind)}
          onDeleted={deleted}
        />
      );
  }
}
