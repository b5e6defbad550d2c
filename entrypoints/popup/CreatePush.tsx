import { cloneElement, type VNode } from 'preact';
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { PushForm } from '@/components/push/PushForm';
import { formKeyAction } from '@/components/push/keys';
import { PresetRow } from '@/components/push/PresetRow';
import { formReducer, type FormInit, type FormState } from '@/lib/push/form';
import type { Handoff } from '@/lib/handoff';
import type { PopupContext } from './context';
import { Part } from '@/components/onDemand';
import { CREATED_PUSH } from './parts';
import { UploadProgress, UploadUnderWay } from './UploadProgress';
import { useEdition } from './useEdition';
import { useFormActions } from './useFormActions';
import { useGenerator } from './useGenerator';
import { useHandoff, useRestored } from './useHandoff';
import { useSubmit, type Submit } from './useSubmit';
import { useChatGuard } from './useChatGuard';
import { useTabUrl, useThisPage } from './useThisPage';
import { useHandedUpload } from './useUploadWatch';
import { usePresets } from './usePresets';
import { described, describedNow } from './words';

export interface CreatePushProps {
  /** Undefined while the saved settings are read (the form is shown, pending, from the first render). */
  context?: PopupContext;
  initial: FormState;
  /** The form the settings make; a pending form takes it, keeping what was typed meanwhile. */
  settings?: FormInit;
  /** The result an earlier popup kept (App.tsx read it with the settings), until New push or Done. */
  kept?: Handoff;
  /** The kept result is no longer to be shown: erased, or replaced by a new push's. */
  onKeptGone?: () => void;
}

/**
 * The create form and its result: the form's state, its notice, and the hooks that send and act. A result
 * kept from an earlier popup (useHandoff) is shown instead of the form until New push or Done, unless
 * something was typed before it was read.
 */
export function CreatePush({ context, initial, settings, kept, onKeptGone }: CreatePushProps) {
  const [notice, showNotice] = useState<string>();
  const report = (error: unknown) => void described(error).then(setNotice);
  const tabUrl = useTabUrl(report);
  const guarded = useChatGuard(useReducer(formReducer, initial), tabUrl, context?.chatGuard);
  const { state, dispatch } = guarded; // the guard's (issue 39): what is shown and sent
  useEffect(() => {
    if (settings) dispatch({ type: 'settings', init: settings });
  }, [settings]);
  // A notice is shown above the form and said once through the page's live region.
  function setNotice(text?: string) {
    showNotice(text);
    if (text) announce(text);
  }
  const handoff = useHandoff(context, report, onKeptGone);
  const submit = useSubmit(state, dispatch, handoff.keep);
  const actions = useFormActions(state, dispatch, { setNotice, report, forget: submit.forget });
  useEdition(context, dispatch, report);
  const generator = useGenerator(report, handoff.made);
  const thisPage = useThisPage(state, dispatch, tabUrl);
  const upload = useHandedUpload(state.status === 'sending', handoff.keepWatched, report);
  const restored = useRestored(kept, state, onKeptGone);
  const presets = usePresets(context, state, dispatch, report);
  const reset = presets.afterReset(actions.reset);

  const leave = leaving(handoff, upload, reset);
  const created = state.status === 'done' ? submit.created : null;
  const shown = restored
    ? { handoff: restored }
    : created && !created.result.link.ok
      ? { refused: created.result.link.message }
      : (created || upload.kept) && handoff.fresh && { handoff: handoff.fresh };
  useCreateKeyOutsideForm(!shown && !upload.underWay, submit.submit);
  const result = shown && (
    <Part
      key="result"
      of={CREATED_PUSH}
      shown={shown}
      restored={Boolean(restored)}
      copyOnCreate={!restored && (context?.copyOnCreate ?? false)}
      onCopied={handoff.copied}
      onNew={leave(false)}
      onDone={leave(true)}
    />
  );
  const fresh = Boolean(created) && Boolean(result);
  const form = useFormUntilPainted(fresh, () => (
    <>
      {notice && <p class="sp-warning">{notice}</p>}
      {presets.row && <PresetRow {...presets.row} />}
      <PushForm
        state={state}
        dispatch={dispatch}
        onSubmit={submit.submit}
        onReset={reset}
        onGenerate={actions.generate}
        onUseTabUrl={actions.useTabUrl}
        thisPage={thisPage}
        guard={guarded.line}
        generator={generator}
        needsTokenHref={state.signedIn ? undefined : browser.runtime.getURL('/options.html')}
        failureMessage={state.failure ? describedNow(state.failure) : undefined}
        busy={state.kind === 'file' ? <UploadBusy submit={submit} /> : undefined}
      />
    </>
  ));
  if (result) return fresh && form ? [form, result] : result;
  if (upload.underWay)
    return <UploadUnderWay progress={upload.underWay.progress} onCancel={upload.underWay.cancel} />;
  return form;
}

/**
 * The form as last drawn, hidden, while a create's result is first drawn beside it; taken away once that
 * result has been painted. The link then shows as soon as its own part is drawn: taking the form's DOM away
 * in the same turn (its hooks, ~200 nodes) cost 1–3 ms of Create → link (issue 37). The same element is
 * handed back, so Preact leaves the hidden form as it was (no redraw of a form that is going away).
 * Returns null once the form is gone, until `created` is false again (New push: a fresh form).
 */
function useFormUntilPainted(created: boolean, draw: () => VNode): VNode | null {
  const last = useRef<VNode | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    // A passive effect: it runs after the result's first paint.
    setGone(created);
  }, [created]);
  if (!created) {
    last.current = <div key="form">{draw()}</div>;
    return last.current;
  }
  if (gone || !last.current) return null;
  return cloneElement(last.current, { hidden: true });
}

/**
 * Only a file upload can be cancelled: it reports its progress, so Cancel is offered only while the body is
 * still on its way. A text create gives no such sign, and cancelling it could say "Cancelled." about a push
 * the server had already made; the form's "Sending…" is enough there.
 */
function UploadBusy({ submit }: { submit: Pick<Submit, 'progress' | 'cancel'> }) {
  return <UploadProgress progress={submit.progress} onCancel={submit.cancel} />;
}

/**
 * New push, or Done (`close`): a popup closes once the kept result is erased (closed at once, Firefox
 * dropped the erase with the page, and the next popup showed the result again); the popup opened as a tab
 * (tests) stays, on a fresh form.
 */
function leaving(
  handoff: Pick<ReturnType<typeof useHandoff>, 'erase'>,
  upload: Pick<ReturnType<typeof useHandedUpload>, 'forget'>,
  reset: () => void,
) {
  return (close: boolean) => () => {
    const erased = handoff.erase();
    upload.forget();
    reset();
    if (close) void erased.finally(() => window.close());
  };
}

/** A field of the page (where a person types or chooses), not a button or a link. */
function isField(target: EventTarget | null): boolean {
  // A CSS selector. i18n-ignore
  return target instanceof Element && target.matches('input, select, textarea');
}

/**
 * Ctrl+Enter (Cmd+Enter) creates from any field of the popup (issue 39 §4): the form's own fields are the
 * form's (PushForm), and this takes the rest, the header's choice of server among them, while the form is
 * shown. A key press the form took is left alone, so one press is one submit; the reducer accepts no submit
 * while one is sending.
 */
function useCreateKeyOutsideForm(active: boolean, submit: () => void): void {
  const latest = useRef(submit);
  latest.current = submit;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isField(event.target) || formKeyAction(event) !== 'submit') return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}
