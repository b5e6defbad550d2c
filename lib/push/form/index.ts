/**
 * The popup's create form (the welcome page's try-it runs it too): a pure core, behind this door. Inside:
 * types.ts (its shapes), init.ts (its first state, before and after the settings, and the e-mails'
 * language), input.ts (the request it sends), validate.ts, server-errors.ts (a 422's fields), wifi.ts.
 *
 * The create form as a pure reducer. The sending rules live here, not in the container: a submit while a
 * send is under way (or after it succeeded) changes nothing, so nothing is sent twice; a failed send keeps
 * every value the person entered. The container sends once each time `submission` grows.
 */
import { MAX_FILES } from '@/lib/contract';
import type { FieldErrors } from '@/lib/errors';
import { plural } from '@/lib/i18n';
import { fillPendingForm, initForm, pendingForm } from './init';
import { toCreateInput } from './input';
import type { FormAction, FormOptions, FormState, NewFile } from './types';
import { fieldErrorsFrom422 } from './server-errors';
import { validateCreateInput } from './validate';
import { wifiProblems } from './wifi';

// The form's door (lib/push/form): its shapes, its start, its request and the Secret field's count come
// from the modules beside it.
export type * from './types';
export type { WifiConfig, WifiSecurity } from './wifi';
export { emailLocaleFor, initForm, pendingForm } from './init';
export { toCreateInput } from './input';
export { charCount } from './validate';

const OPTION_FIELDS: Record<keyof FormOptions, string> = {
  expireAfterDuration: 'expire_after_duration',
  expireAfterDays: 'expire_after_days',
  expireAfterViews: 'expire_after_views',
  passphrase: 'passphrase',
  name: 'name',
  note: 'note',
  deletableByViewer: 'deletable_by_viewer',
  retrievalStep: 'retrieval_step',
  notifyEmailsTo: 'notify_emails_to',
  notifyEmailsToLocale: 'notify_emails_to_locale',
  authenticatedRecipients: 'authenticated_recipients',
};

function without(errors: FieldErrors, keys: string[]): FieldErrors {
  if (!keys.some((key) => key in errors)) return errors;
  const rest = { ...errors };
  for (const key of keys) delete rest[key];
  return rest;
}

/** Applies an edit and clears the errors of the fields it touched (they no longer describe the value). */
function edit(state: FormState, fields: string[], change: Partial<FormState>): FormState {
  return { ...state, ...change, errors: without(state.errors, fields) };
}

function addFiles(state: FormState, files: NewFile[]): FormState {
  const room = Math.max(0, MAX_FILES - state.files.length);
  const added = files.slice(0, room).map((file, i) => ({ ...file, id: state.nextFileId + i }));
  const next = edit(state, ['files'], {
    files: [...state.files, ...added],
    nextFileId: state.nextFileId + added.length,
  });
  const left = files.slice(room).map((file) => file.name);
  if (left.length === 0) return next;
  const message = plural('push_errorFilesLeftOut', MAX_FILES, left.join(', '));
  return { ...next, errors: { ...next.errors, files: [message] } };
}

/** Everything that must be right before sending, keyed like a server 422. */
export function validateForm(state: FormState): FieldErrors {
  const errors = validateCreateInput(toCreateInput(state), state);
  if (state.kind === 'qr' && state.qrSource === 'wifi') {
    const problems = wifiProblems(state.wifi);
    // A missing network name says more than the length check on the text built from it.
    if (problems.length) errors.payload = problems;
  }
  return errors;
}

export function formReducer(state: FormState, action: FormAction): FormState {
  if (action.type === 'context') return { ...state, edition: action.edition, signedIn: action.signedIn };
  if (action.type === 'settings') {
    // A submit made before the settings arrived goes now, once, by the settings' rules.
    const filled = fillPendingForm(state, action.init);
    return state.pending && state.submitQueued ? formReducer(filled, { type: 'submit' }) : filled;
  }
  // While a send is under way the form is frozen: what is on screen is what was sent.
  if (state.status === 'sending' && action.type !== 'sent' && action.type !== 'failed') return state;
  switch (action.type) {
    case 'kind':
      return edit(state, ['kind', 'payload', 'files'], { kind: action.kind });
    case 'payload':
      return edit(state, ['payload'], { payload: action.value });
    case 'url':
      return edit(state, ['payload'], { url: action.value });
    case 'qrSource':
      return edit(state, ['payload'], { qrSource: action.source });
    case 'qrText':
      return edit(state, ['payload'], { qrText: action.value });
    case 'wifi':
      return edit(state, ['payload'], { wifi: { ...state.wifi, ...action.patch } });
    case 'addFiles':
      return addFiles(state, action.files);
    case 'removeFile':
      return edit(state, ['files'], { files: state.files.filter((file) => file.id !== action.id) });
    case 'options': {
      const keys = Object.keys(action.patch) as (keyof FormOptions)[];
      const fields = keys.map((key) => OPTION_FIELDS[key]);
      // The verified-recipients rule depends on the address list, so a change to either clears both.
      if (keys.includes('notifyEmailsTo')) fields.push('authenticated_recipients');
      return edit(state, fields, { options: { ...state.options, ...action.patch } });
    }
    case 'submit': {
      // Before the settings are known there is no server, edition or policy to send by: it waits for them.
      if (state.pending) return { ...state, submitQueued: true };
      if (state.status === 'done') return state;
      const errors = validateForm(state);
      if (Object.keys(errors).length) return { ...state, errors, status: 'idle', failure: null };
      return { ...state, errors: {}, status: 'sending', failure: null, submission: state.submission + 1 };
    }
    case 'sent':
      return state.status === 'sending' ? { ...state, status: 'done' } : state;
    case 'failed': {
      if (state.status !== 'sending') return state;
      const errors = action.error.fields ? fieldErrorsFrom422(action.error.fields, state.edition) : {};
      return { ...state, status: 'failed', failure: action.error, errors };
    }
    case 'reset':
      // A reset before the settings arrive stays pending: it must not pass for a form made from them.
      return state.pending
        ? pendingForm(state.emailLocale)
        : initForm({ ...state, passphrase: action.passphrase });
  }
}

/**
 * Whether the form holds anything a person typed or added, which Esc must not wipe unasked (issue 20): true
 * when any kind's content (text, URL, QR text, a Wi-Fi network, files) or a typed option (name, note,
 * e-mail addresses) is filled. The passphrase is left out: a fresh form may hold a generated one.
 */
export function formHasInput(
  state: Pick<FormState, 'payload' | 'url' | 'qrText' | 'wifi' | 'files' | 'options'>,
): boolean {
  const { payload, url, qrText, wifi, files, options } = state;
  return (
    [payload, url, qrText, wifi.ssid, wifi.password, options.name, options.note, options.notifyEmailsTo].some(
      (value) => value.trim() !== '',
    ) || files.length > 0
  );
}
