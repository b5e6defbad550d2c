/**
 * A fresh create form from the saved push defaults, each clamped to what the server accepts.
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
import type { FormInit, FormState } from './form-types';
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
      note: '',
      deletableByViewer: defaults.deletableByViewer,
      retrievalStep: defaults.retrievalStep,
      notifyEmailsTo: '',
      notifyEmailsToLocale: init.emailLocale ?? 'en',
      authenticatedRecipients: false,
    },
    errors: {},
    status: 'idle',
    failure: null,
    submission: 0,
  };
}
