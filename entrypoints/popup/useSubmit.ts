import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { toAppError } from '@/lib/errors';
import { formHasInput, formReducer, type FormAction, type FormState } from '@/lib/push/form';
import { chosenServer } from './chosen';
import type { SentPush } from './connect';
import { CREATED_PUSH } from './parts';
import { loadErrorWords } from './words';

/** The API side, loaded once on first use (a file attached, or Create); a failed load is tried again. */
let connectModule: Promise<typeof import('./connect')> | undefined;
function loadConnect(): Promise<typeof import('./connect')> {
  connectModule ??= import('./connect').catch((error: unknown) => {
    connectModule = undefined;
    throw error;
  });
  return connectModule;
}

export interface Created {
  result: SentPush;
  /** For "Copy passphrase": in memory here, and in storage.session with the kept result (lib/handoff). */
  passphrase: string;
}

/** The bytes of a file upload sent so far, of its files' total. */
export interface Sent {
  sent: number;
  total: number;
  /** The upload was handed over (lib/upload): closing the popup no longer stops it. */
  handedOver?: boolean;
}

export interface Submit {
  created: Created | null;
  /** A file upload's bytes sent of its files' total; undefined for other kinds. */
  progress: Sent | undefined;
  /** Create: the reducer's submit, and the send it accepts started in the same turn. */
  submit(): void;
  /** Aborts the send in flight, if any. */
  cancel(): void;
  /** Forgets the result, for a fresh form (which counts its submissions from 0 again). */
  forget(): void;
}

/**
 * Sends once for each accepted submit (a `submission` not sent yet): the reducer decides when a submit is
 * accepted, so nothing is ever sent twice. `keep` holds the result for the hand-off (useHandoff.ts): started
 * as the answer arrives, before the link shows, so a popup closed at once has kept it; not waited for.
 */
export function useSubmit(
  state: FormState,
  dispatch: (action: FormAction) => void,
  keep?: (result: SentPush, sent: FormState) => Promise<void>,
): Submit {
  const [created, setCreated] = useState<Created | null>(null);
  // The progress reported for one submission; a new one starts at 0 without a render of its own, which
  // would come between the click and the request (issue 22).
  const [reported, setReported] = useState<{ submission: number; sent: Sent }>();
  const sentSubmission = useRef(0);
  const inFlight = useRef<AbortController | null>(null);

  // The request starts in the click's own turn (`submit`), before the Sending state is drawn: drawn first,
  // the form took 3–9 ms before it (issue 37). A submit that waited for the settings is accepted by their
  // arrival, not a click: a layout effect starts it as that state is drawn (issue 22: a passive one started
  // a file upload 6–11 ms after the click, a layout effect 1–4 ms).
  const start = (sending: FormState) => {
    if (sending.status !== 'sending' || sentSubmission.current === sending.submission) return;
    sentSubmission.current = sending.submission;
    const controller = new AbortController();
    inFlight.current = controller;
    const { submission } = sending;
    const onProgress = (sent: Sent) => setReported({ submission, sent: { ...sent, handedOver: true } });
    const passphrase = sending.options.passphrase;
    const resultView = CREATED_PUSH.load().catch((error: unknown) => {
      console.error('The result view could not be loaded', error); // shown when it does (Part retries)
    });
    loadConnect()
      .then(({ sendForm }) =>
        sendForm(sending, { signal: controller.signal, onProgress, server: chosenServer() }),
      )
      // The result view arrives with the push (loaded alongside, in the time the server takes), never after it.
      .then((result) => Promise.all([result, resultView]))
      .then(
        ([result]) => {
          // In one turn, so the page redraws once, with the link: the form's end, and the kept result (whose
          // storage write then goes out after that redraw, in the same turn: before the link can be seen).
          setCreated({ result, passphrase });
          dispatch({ type: 'sent' });
          void keep?.(result, sending);
        },
        // Worded before the form fails, so its alert shows with it (words.ts).
        (error: unknown) =>
          void loadErrorWords().finally(() =>
            dispatch({ type: 'failed', error: toAppError(error).toJSON() }),
          ),
      )
      .finally(() => {
        inFlight.current = null;
      });
  };
  useLayoutEffect(() => start(state), [state]);
  useReadied(state);

  const progress =
    state.kind !== 'file'
      ? undefined
      : reported?.submission === state.submission
        ? reported.sent
        : { sent: 0, total: state.files.reduce((sum, file) => sum + file.size, 0) };
  const submit = () => {
    start(formReducer(state, { type: 'submit' }));
    dispatch({ type: 'submit' });
  };
  const cancel = () => inFlight.current?.abort();
  const forget = () => {
    setCreated(null);
    setReported(undefined);
    sentSubmission.current = 0;
  };
  return { created, progress, submit, cancel, forget };
}

/**
 * Something typed in the form, or the Files tab chosen with the token files need: the API side, the
 * connection, the server's version (and the upload module) and the result view are readied while the form
 * is filled, not after Create (connect.ts). Loaded at Create, they kept a text push's request 90–140 ms
 * after the click; readied only once files were attached, an upload soon after waited up to 190 ms for
 * them; the result view's evaluation at Create held up the redirect probe's answer by 5–10 ms (issue 22).
 * Nothing is sent for a popup only opened, or a form only looked at.
 */
function useReadied(state: FormState): void {
  const files = state.kind === 'file';
  const filling = files ? state.signedIn : formHasInput(state);
  const server = chosenServer();
  useEffect(() => {
    if (!filling) return;
    void loadConnect()
      .then(({ prepareSend }) => prepareSend(server, files))
      .catch(() => undefined);
    CREATED_PUSH.load().catch(() => undefined); // a failure is retried at Create and reported there
    // The lock the hand-off takes to keep the result (lib/handoff), so keeping it never waits for a file.
    void import('@/lib/async').catch(() => undefined);
  }, [filling, files, server]);
}
