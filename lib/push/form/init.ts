/**
 * The create form's first state: a fresh form from the saved push defaults, each clamped to what the server
 * accepts; the form before the saved settings are read, and the form once they are. The popup shows its
 * Secret field at once (typing can start while storage answers) but sends nothing until the settings decide
 * the server, the edition's choices, the defaults and the kinds a policy allows.
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
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings/read';
import type { FormInit, FormOptions, FormState } from './types';
import { EMPTY_WIFI } from './wifi';

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
    ...(init.presetText ? { presetText: init.presetText } : {}),
    kind: init.kinds?.[0] ?? 'text',
    ...(init.kinds ? { kinds: init.kinds } : {}),
    emailLocale: init.emailLocale,
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
      note: init.presetText?.note ?? '',
      deletableByViewer: defaults.deletableByViewer,
      retrievalStep: defaults.retrievalStep,
      notifyEmailsTo: init.presetText?.notifyEmailsTo ?? '',
      notifyEmailsToLocale: init.emailLocale ?? 'en',
      authenticatedRecipients: false,
    },
    errors: {},
    status: 'idle',
    failure: null,
    submission: 0,
  };
}

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

// The language a push's notification e-mails are written in defaults to the UI language, where the server
// offers it (issue 12). The server names its locales its own way (Rails: "de", "pt-BR", "zh-CN"); the UI
// language is a BCP 47 tag ("de", "pt-BR") or a browser's folder name ("pt_BR").
const canonical = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase();

/**
 * The server's code for the UI language `uiTag` among `offered`: the same tag however it is spelled
 * ("pt_BR" → "pt-BR"), else the language alone ("de-AT" → "de"), else the one regional form the server
 * offers of that language ("pt" → "pt-BR" when that is the only Portuguese); undefined when the server
 * writes no e-mail in that language.
 */
export function emailLocaleFor(uiTag: string, offered: readonly string[]): string | undefined {
  const wanted = canonical(uiTag);
  if (wanted === '') return undefined;
  const exact = offered.find((code) => canonical(code) === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0]!;
  const plain = offered.find((code) => canonical(code) === language);
  if (plain) return plain;
  const regional = offered.filter((code) => canonical(code).split('-')[0] === language);
  return regional.length === 1 ? regional[0] : undefined;
}
