/** What the push viewer shows at each step, and which step a failed reveal leads to. */
import { describeError, type RetrievedPush } from '@/lib/api';
import { PUSH_KINDS, type PushKind } from '@/lib/contract';
import type { DemoPageInfo } from '@/lib/demo/viewer';
import { isAppError } from '@/lib/errors';
import { t } from '@/lib/i18n';

/** What the page knows before a reveal: the views left and when it expires. */
export type PageFacts = Pick<DemoPageInfo, 'views_remaining' | 'expires_at'>;

export type RevealState =
  /** The retrieval step asks the page's facts first, so an expired push never offers Reveal. */
  | { step: 'checking' }
  | { step: 'reveal'; busy: boolean; facts?: PageFacts }
  | { step: 'recipient'; busy: boolean; error?: string }
  /** email: the listed address given before (authenticated_recipients), sent again with the passphrase. */
  | { step: 'passphrase'; busy: boolean; error?: string; email?: string }
  | { step: 'shown'; push: RetrievedPush; kind?: PushKind }
  | { step: 'gone'; reason: 'gone' | 'deleted' }
  | { step: 'error'; message: string };

/** What the recipient gave: an address (authenticated_recipients) and a passphrase, when asked for. */
export interface RevealAttempt {
  passphrase?: string;
  email?: string;
}

/**
 * The push's kind: what the response says (v2 responses normally do not), else what the demo service's
 * page knows, else 'file' for a push with files; undefined when nobody could say.
 */
export function pushKind(push: RetrievedPush, known?: PushKind): PushKind | undefined {
  if (PUSH_KINDS.includes(push.kind as PushKind)) return push.kind as PushKind;
  if (known) return known;
  return push.files.length > 0 ? 'file' : undefined;
}

/** The step after a reveal that answered: the secret, or the end page when nothing is left of it. */
export function revealedState(push: RetrievedPush, kind?: PushKind): RevealState {
  if (push.expired && push.payload === null && push.files.length === 0)
    return { step: 'gone', reason: 'gone' };
  return { step: 'shown', push, kind };
}

/** The step after a reveal that failed: ask for what is missing, or say why in words. */
export function failedState(error: unknown, { passphrase, email }: RevealAttempt): RevealState {
  // Nothing was counted: the address comes first (a listed one, the demo service sends no code).
  if (isAppError(error, 'recipient-verification'))
    return { step: 'recipient', busy: false, error: email ? t('viewer_notRecipient') : undefined };
  // A first try without a passphrase only learns that one is needed: no complaint yet.
  if (isAppError(error, 'passphrase-required'))
    // A submitted passphrase that does not match: said exactly, with what it did not do.
    return {
      step: 'passphrase',
      busy: false,
      email,
      error: passphrase ? t('viewer_wrongPassphrase') : undefined,
    };
  if (isAppError(error, 'passphrase-rate-limited'))
    return { step: 'passphrase', busy: false, email, error: describeError(error) };
  if (isAppError(error, 'not-found') || isAppError(error, 'gone')) return { step: 'gone', reason: 'gone' };
  return { step: 'error', message: describeError(error) };
}

/**
 * The step a retrieval-step push opens on, from what the page knows: gone when it can no longer be revealed
 * (expired, deleted or unknown), else the reveal step with its views and expiry. Without facts (the demo host
 * could not be asked), the reveal step as before: the reveal itself then says what happened.
 */
export function beforeRevealState(info: DemoPageInfo | undefined): RevealState {
  if (!info) return { step: 'reveal', busy: false };
  if (!info.live) return { step: 'gone', reason: 'gone' };
  return {
    step: 'reveal',
    busy: false,
    facts: { views_remaining: info.views_remaining, expires_at: info.expires_at },
  };
}

/** The step while a reveal is under way: the form or the reveal step that sent it stays, busy. */
export function busyState(state: RevealState): RevealState {
  return state.step === 'passphrase' || state.step === 'recipient' || state.step === 'reveal'
    ? { ...state, busy: true }
    : { step: 'reveal', busy: true };
}
