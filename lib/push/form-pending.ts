/**
 * The form before the saved settings are read, and the form once they are. The popup shows its Secret field
 * at once (typing can start while storage answers) but sends nothing until the settings decide the server,
 * the edition's choices, the defaults and the kinds a policy allows.
 */
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings/read';
import { initForm } from './form-init';
import type { FormInit, FormOptions, FormState } from './form-types';

/**
 * The form at open: the built-in defaults, marked pending (the reducer accepts no submit while it is). Only
 * the Secret field is offered until the settings are read: the kinds an organization allows are not known
 * yet (policy first), and typing a secret is what people open the popup for.
 */
export function pendingForm(emailLocale?: string): FormState {
  return {
    ...initForm({
      defaults: DEFAULT_PUSH_DEFAULTS,
      edition: 'pro',
      signedIn: false,
      emailLocale,
      kinds: ['text'],
    }),
    pending: true,
  };
}

/**
 * The form from the settings, keeping everything typed or chosen while they were read: each value that no
 * longer equals the pending form's start is the person's and stays; the rest comes from the settings. A kind
 * the policy does not allow is never kept (the form moves to the first one allowed).
 */
export function fillPendingForm(state: FormState, init: FormInit): FormState {
  const fresh = initForm(init);
  if (!state.pending) return state;
  const start = pendingForm(state.emailLocale);
  const options = { ...fresh.options };
  for (const key of Object.keys(options) as (keyof FormOptions)[]) {
    if (state.options[key] !== start.options[key])
      (options as Record<string, unknown>)[key] = state.options[key];
  }
  const kindAllowed = !fresh.kinds || fresh.kinds.includes(state.kind);
  const kindChosen = state.kind !== start.kind;
  return {
    ...fresh,
    kind: kindChosen && kindAllowed ? state.kind : fresh.kind,
    payload: state.payload,
    url: state.url,
    qrSource: state.qrSource,
    qrText: state.qrText,
    wifi: state.wifi,
    files: state.files,
    nextFileId: state.nextFileId,
    options,
  };
}
