/**
 * The create form as a pure reducer. The sending rules live here, not in the container: a submit while a
 * send is under way (or after it succeeded) changes nothing, so nothing is sent twice; a failed send keeps
 * every value the person entered. The container sends once each time `submission` grows.
 */
import {
  DAYS_MAX,
  DAYS_MIN,
  DEFAULT_DAYS,
  DEFAULT_DURATION,
  DEFAULT_VIEWS,
  DURATIONS,
  VIEWS_MAX,
  VIEWS_MIN,
} from '@/lib/durations';
import type { AppErrorData, FieldErrors } from '@/lib/errors';
import type { PushDefaults } from '@/lib/store/items';
import type { PushKind } from '@/lib/contract';
import type { CreatePushInput, Edition } from './types';
import { MAX_FILES } from '@/lib/contract';
import { fieldErrorsFrom422, splitEmails, validateCreateInput } from './validate';
import { EMPTY_WIFI, wifiPayload, wifiProblems, type WifiConfig } from './wifi';

export type SendStatus = 'idle' | 'sending' | 'done' | 'failed';
export type QrSource = 'text' | 'wifi';

export interface NewFile {
  name: string;
  size: number;
  type: string;
  data: Blob;
}
export interface FileEntry extends NewFile {
  id: number;
}

export interface FormOptions {
  expireAfterDuration: number;
  expireAfterDays: number;
  expireAfterViews: number;
  passphrase: string;
  name: string;
  note: string;
  deletableByViewer: boolean;
  retrievalStep: boolean;
  notifyEmailsTo: string;
  notifyEmailsToLocale: string;
  authenticatedRecipients: boolean;
}

export interface FormInit {
  defaults: PushDefaults;
  edition: Edition;
  signedIn: boolean;
  /** A generated passphrase, when the defaults ask for one (the reducer has no randomness of its own). */
  passphrase?: string;
}

export interface FormState {
  edition: Edition;
  signedIn: boolean;
  defaults: PushDefaults;
  kind: PushKind;
  /** The text secret. Each kind keeps its own value, so switching tabs loses nothing. */
  payload: string;
  url: string;
  qrSource: QrSource;
  qrText: string;
  wifi: WifiConfig;
  files: FileEntry[];
  nextFileId: number;
  options: FormOptions;
  /** Keyed by wire field names (see validate.ts); `base` for the whole form. */
  errors: FieldErrors;
  status: SendStatus;
  /** The last send's failure as data; describeError() turns it into words. */
  failure: AppErrorData | null;
  /** Grows by one for each accepted submit. */
  submission: number;
}

export type FormAction =
  | { type: 'context'; edition: Edition; signedIn: boolean }
  | { type: 'kind'; kind: PushKind }
  | { type: 'payload'; value: string }
  | { type: 'url'; value: string }
  | { type: 'qrSource'; source: QrSource }
  | { type: 'qrText'; value: string }
  | { type: 'wifi'; patch: Partial<WifiConfig> }
  | { type: 'addFiles'; files: NewFile[] }
  | { type: 'removeFile'; id: number }
  | { type: 'options'; patch: Partial<FormOptions> }
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'failed'; error: AppErrorData }
  | { type: 'reset'; passphrase?: string };

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

function clampWhole(value: number, min: number, max: number, fallback: number): number {
  return Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** A fresh form from the saved push defaults. */
export function initForm(init: FormInit): FormState {
  const { defaults } = init;
  return {
    edition: init.edition,
    signedIn: init.signedIn,
    defaults,
    kind: 'text',
    payload: '',
    url: '',
    qrSource: 'text',
    qrText: '',
    wifi: EMPTY_WIFI,
    files: [],
    nextFileId: 1,
    options: {
      expireAfterDuration: clampWhole(
        defaults.expireAfterDuration,
        0,
        DURATIONS.length - 1,
        DEFAULT_DURATION,
      ),
      expireAfterDays: clampWhole(defaults.expireAfterDays, DAYS_MIN, DAYS_MAX, DEFAULT_DAYS),
      expireAfterViews: clampWhole(defaults.expireAfterViews, VIEWS_MIN, VIEWS_MAX, DEFAULT_VIEWS),
      passphrase: init.passphrase ?? '',
      name: '',
      note: '',
      deletableByViewer: defaults.deletableByViewer,
      retrievalStep: defaults.retrievalStep,
      notifyEmailsTo: '',
      notifyEmailsToLocale: 'en',
      authenticatedRecipients: false,
    },
    errors: {},
    status: 'idle',
    failure: null,
    submission: 0,
  };
}

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
  const message = `Up to ${MAX_FILES} files can be attached; left out: ${left.join(', ')}.`;
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
      return initForm({ ...state, passphrase: action.passphrase });
  }
}

function payloadOf(state: FormState): string | undefined {
  switch (state.kind) {
    case 'text':
      return state.payload;
    case 'url':
      return state.url.trim();
    case 'qr':
      return state.qrSource === 'wifi' ? wifiPayload(state.wifi) : state.qrText;
    case 'file':
      return undefined;
  }
}

/** The create request for lib/api, with the expiry field the edition understands. */
export function toCreateInput(state: FormState, edition: Edition = state.edition): CreatePushInput {
  const { options } = state;
  const input: CreatePushInput = { kind: state.kind };
  const payload = payloadOf(state);
  if (payload !== undefined) input.payload = payload;
  if (state.kind === 'file') {
    input.files = state.files.map(({ name, type, data }) => ({
      name,
      type: type || 'application/octet-stream',
      data,
    }));
  }
  if (edition === 'pro') input.expire_after_duration = options.expireAfterDuration;
  else input.expire_after_days = options.expireAfterDays;
  input.expire_after_views = options.expireAfterViews;
  if (options.passphrase !== '') input.passphrase = options.passphrase;
  if (options.name.trim() !== '') input.name = options.name;
  if (options.note.trim() !== '') input.note = options.note;
  input.deletable_by_viewer = options.deletableByViewer;
  input.retrieval_step = options.retrievalStep;
  const emails = splitEmails(options.notifyEmailsTo);
  if (emails.length) {
    input.notify_emails_to = emails.join(',');
    input.notify_emails_to_locale = options.notifyEmailsToLocale;
  }
  if (options.authenticatedRecipients) input.authenticated_recipients = true;
  return input;
}
