import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { PushForm } from '@/components/push/PushForm';
import { ResultView } from '@/components/push/ResultView';
import type { CreateResult } from '@/lib/api';
import { describeError } from '@/lib/api/describe';
import { toAppError } from '@/lib/errors';
import { copyMessage, expiryInWords } from '@/lib/push/expiry-words';
import { formReducer, type FormState } from '@/lib/push/form';
import { defaultRandom, generatePassphrase, type PassphraseStyle } from '@/lib/push/passphrase';
import type { PopupContext } from './context';
import { copyText, downloadQrPng, downloadQrSvg, openInTab, renderQr } from './share';
import { activeTabUrl } from './tab';

interface Created {
  result: CreateResult;
  /** Kept in memory only, for "Copy passphrase"; gone when the popup closes. */
  passphrase: string;
}

/** A passphrase for a fresh form when the saved defaults ask for one. */
export async function defaultPassphrase(wanted: boolean): Promise<string | undefined> {
  return wanted ? (await generatePassphrase(defaultRandom, 'words')).value : undefined;
}

/**
 * The upload's progress and Cancel. Once the whole body is sent (fraction 1) the server may already be
 * creating the push, and aborting could not stop that: a "Cancelled." then would be wrong, the push would go
 * unrecorded and Create again would make a second one. So from then on there is nothing to cancel and the
 * server's answer decides.
 */
function UploadProgress({ fraction, onCancel }: { fraction: number | undefined; onCancel: () => void }) {
  const sent = fraction !== undefined && fraction >= 1;
  return (
    <>
      {fraction !== undefined && (
        <progress aria-label="Upload progress" max={1} value={fraction}>
          {Math.round(fraction * 100)} %
        </progress>
      )}
      {sent ? (
        <button type="button" disabled>
          Waiting for the server…
        </button>
      ) : (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </>
  );
}

/**
 * The create form and its result. The reducer decides when a submit is accepted; this container sends once
 * for each accepted submit (a `submission` it has not sent yet), so nothing is ever sent twice.
 */
export function CreatePush({ context, initial }: { context: PopupContext; initial: FormState }) {
  const [state, dispatch] = useReducer(formReducer, initial);
  const [created, setCreated] = useState<Created | null>(null);
  const [progress, setProgress] = useState<number>();
  const [status, setStatus] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const sentSubmission = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  // The edition decides the expiry choices. It was saved with the server when it was checked; only when it
  // was not is the server asked now (which loads the API client at open).
  useEffect(() => {
    if (context.edition) return;
    import('./connect')
      .then(({ detectEdition }) => detectEdition())
      .then(
        (edition) => dispatch({ type: 'context', edition, signedIn: context.signedIn }),
        (error: unknown) => setNotice(describeError(toAppError(error))),
      );
  }, [context]);

  useEffect(() => {
    if (state.status !== 'sending' || sentSubmission.current === state.submission) return;
    sentSubmission.current = state.submission;
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(state.kind === 'file' ? 0 : undefined);
    const passphrase = state.options.passphrase;
    import('./connect')
      .then(({ sendForm }) => sendForm(state, { signal: controller.signal, onProgress: setProgress }))
      .then(
        (result) => {
          setCreated({ result, passphrase });
          setStatus(undefined);
          dispatch({ type: 'sent' });
        },
        (error: unknown) => dispatch({ type: 'failed', error: toAppError(error).toJSON() }),
      )
      .finally(() => {
        inFlight.current = null;
      });
  }, [state, context]);

  // Focus the secret on open and after a reset, so typing can start at once.
  useEffect(() => {
    if (state.status === 'idle' && state.submission === 0) document.getElementById('sp-secret')?.focus();
  }, [state.status, state.submission]);

  const reset = () => {
    // While sending, the form stays as sent (the reducer ignores a reset then, and so does this).
    if (state.status === 'sending') return;
    defaultPassphrase(state.defaults.passphrase).then(
      (passphrase) => {
        setCreated(null);
        setNotice(undefined);
        // A reset form counts its submissions from 0 again.
        sentSubmission.current = 0;
        dispatch({ type: 'reset', passphrase });
      },
      (error: unknown) => setNotice(describeError(toAppError(error))),
    );
  };

  const generate = (style: PassphraseStyle) => {
    generatePassphrase(defaultRandom, style).then(
      ({ value }) => dispatch({ type: 'options', patch: { passphrase: value } }),
      (error: unknown) => setNotice(describeError(toAppError(error))),
    );
  };

  const useTabUrl = () => {
    activeTabUrl().then(
      (url) => {
        if (url) dispatch({ type: 'url', value: url });
        setNotice(url ? undefined : 'This tab has no web address to share.');
      },
      (error: unknown) => setNotice(describeError(toAppError(error))),
    );
  };

  if (state.status === 'done' && created) {
    const { push, warning } = created.result;
    const link = push.html_url;
    const act = (work: () => Promise<void>, done?: string) => () => {
      work().then(
        () => setStatus(done),
        (error: unknown) => {
          console.error('The action failed', error);
          setStatus('That did not work. Try again.');
        },
      );
    };
    return (
      <ResultView
        url={link}
        expiry={expiryInWords(push, Date.now())}
        passphrase={created.passphrase || null}
        warning={warning ? describeError(warning) : undefined}
        status={status}
        renderQr={renderQr}
        onCopyLink={act(() => copyText(link), 'Link copied')}
        onOpen={act(() => openInTab(link))}
        onCopyMessage={act(() => copyText(copyMessage(link, push, Date.now())), 'Message copied')}
        onCopyPassphrase={act(() => copyText(created.passphrase), 'Passphrase copied')}
        onDownloadPng={act(() => downloadQrPng(link))}
        onDownloadSvg={act(() => downloadQrSvg(link))}
        onNew={reset}
      />
    );
  }

  return (
    <>
      {notice && (
        <p role="status" class="sp-warning">
          {notice}
        </p>
      )}
      <PushForm
        state={state}
        dispatch={dispatch}
        onSubmit={() => dispatch({ type: 'submit' })}
        onReset={reset}
        onGenerate={generate}
        onUseTabUrl={useTabUrl}
        fileNotice={
          state.signedIn ? undefined : 'Sending files needs an API token — add one in Settings first.'
        }
        failureMessage={state.failure ? describeError(state.failure) : undefined}
        busy={
          // Only a file upload can be cancelled: it reports its progress, so Cancel is offered only while
          // the body is still on its way. A text create gives no such sign, and cancelling it could say
          // "Cancelled." about a push the server had already made; the form's "Sending…" is enough there.
          state.kind === 'file' ? (
            <UploadProgress fraction={progress} onCancel={() => inFlight.current?.abort()} />
          ) : undefined
        }
      />
    </>
  );
}
