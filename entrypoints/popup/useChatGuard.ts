import { useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { guardFor, guarded, type ChatApp } from '@/lib/chat-guard';
import { t } from '@/lib/i18n';
import type { FormAction, FormState } from '@/lib/push/form';

/** The form as the guard leaves it, the dispatch that hears the person turn it off, and its line. */
export interface ChatGuard {
  /** The form's state with the guard applied: what is shown and what is sent. */
  state: FormState;
  dispatch: (action: FormAction) => void;
  /** Set while the guard turned the retrieval step on: the line says why; `turnOff` for this push only. */
  line?: { app: ChatApp; turnOff(): void };
}

/** The person's own change of the retrieval-step control alone (a preset's change brings other fields). */
const turnsStepOff = (action: FormAction) =>
  action.type === 'options' && action.patch.retrievalStep === false && Object.keys(action.patch).length === 1;

/**
 * The chat-preview guard in the popup (issue 39 §2, lib/chat-guard), over the form's reducer (its state
 * and dispatch): opened over a chat or mail app's tab
 * (`tabUrl`, read through activeTab only and kept in memory), the push gets the retrieval step on top of
 * whatever options the form holds, and a line says why. The person turns it off for this push with the
 * line's "Turn off" or the retrieval-step control itself; a new form (reset) is guarded again. `on`: the
 * setting (lib/settings, chatGuard); undefined while the settings are read, when nothing is guarded yet.
 */
export function useChatGuard(
  [state, dispatch]: [FormState, (action: FormAction) => void],
  tabUrl: string | undefined,
  on: boolean | undefined,
): ChatGuard {
  const [waived, setWaived] = useState(false);
  const app = guardFor(tabUrl, { chatGuard: on === true });
  const { options, turnedOn } = guarded(state.options, waived ? undefined : app);
  const guardedDispatch = (action: FormAction) => {
    if (action.type === 'reset') setWaived(false);
    else if (app && turnsStepOff(action) && state.status !== 'sending') setWaived(true);
    dispatch(action);
  };
  const turnOff = () => {
    guardedDispatch({ type: 'options', patch: { retrievalStep: false } });
    announce(t('guard_turnedOff'));
  };
  return {
    state: turnedOn ? { ...state, options } : state,
    dispatch: guardedDispatch,
    ...(turnedOn && app ? { line: { app, turnOff } } : {}),
  };
}
