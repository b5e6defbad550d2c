import { useEffect, useReducer, useState } from 'preact/hooks';
import { PushForm } from '@/components/push/PushForm';
import { formReducer, type FormInit, type FormState } from '@/lib/push/form';
import type { PopupContext } from './context';
import { Part } from '@/components/onDemand';
import { CREATED_PUSH } from './parts';
import { UploadProgress, UploadUnderWay } from './UploadProgress';
import { useEdition } from './useEdition';
import { useFormActions } from './useFormActions';
import { useGenerator } from './useGenerator';
import { useSubmit } from './useSubmit';
import { useUploadWatch } from './useUploadWatch';
import { described, describedNow } from './words';

export interface CreatePushProps {
  /** Undefined while the saved settings are read (the form is shown, pending, from the first render). */
  context?: PopupContext;
  initial: FormState;
  /** The form the settings make; a pending form takes it, keeping what was typed meanwhile. */
  settings?: FormInit;
}

/** The create form and its result: the form's state, its notice, and the hooks that send and act. */
export function CreatePush({ context, initial, settings }: CreatePushProps) {
  const [state, dispatch] = useReducer(formReducer, initial);
  useEffect(() => {
    if (settings) dispatch({ type: 'settings', init: settings });
  }, [settings]);
  const [notice, setNotice] = useState<string>();
  const report = (error: unknown) => void described(error).then(setNotice);
  const submit = useSubmit(state, dispatch);
  const actions = useFormActions(state, dispatch, { setNotice, report, forget: submit.forget });
  useEdition(context, dispatch, report);
  const generator = useGenerator(report);
  // An upload handed over by an earlier popup (lib/upload): followed here while the form is not sending.
  const upload = useUploadWatch(report);
  const watched = state.status === 'sending' ? null : upload.watched;

  // Focus the secret on open and after a reset, so typing can start at once.
  useEffect(() => {
    if (state.status === 'idle' && state.submission === 0) document.getElementById('sp-secret')?.focus();
  }, [state.status, state.submission]);

  // The result: this form's push, or that of an upload an earlier popup handed over.
  const created = watched?.status === 'done' ? watched : state.status === 'done' && submit.created;
  if (created)
    return (
      <Part
        of={CREATED_PUSH}
        created={'seen' in created ? created.created : created}
        copyOnCreate={(!('seen' in created) || created.seen) && (context?.copyOnCreate ?? false)}
        demo={context?.demoMode ?? false}
        onNew={() => {
          upload.dismiss();
          actions.reset();
        }}
      />
    );
  if (watched?.status === 'sending')
    return <UploadUnderWay progress={watched.progress} onCancel={watched.cancel} />;

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
        onReset={actions.reset}
        onGenerate={actions.generate}
        onUseTabUrl={actions.useTabUrl}
        generator={generator}
        needsTokenHref={state.signedIn ? undefined : browser.runtime.getURL('/options.html')}
        failureMessage={state.failure ? describedNow(state.failure) : undefined}
        busy={
          // Only a file upload can be cancelled: it reports its progress, so Cancel is offered only while
          // the body is still on its way. A text create gives no such sign, and cancelling it could say
          // "Cancelled." about a push the server had already made; the form's "Sending…" is enough there.
          state.kind === 'file' ? (
            <UploadProgress progress={submit.progress} onCancel={submit.cancel} />
          ) : undefined
        }
      />
    </>
  );
}
