/**
 * The hand-off's pure core (issue 37): the popup's last result, kept so that a popup closed on the way to
 * the chat (Chrome closes it on any click outside) shows the link, the passphrase and the generated secret
 * again when reopened. What is kept, how long, and for which servers is decided here, with the clock passed
 * in; where it is kept (storage.session, memory only) is index.ts.
 */
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import type { ExpiryFacts } from '@/lib/push';

/** How long a result is kept after its push was created: long enough to paste the link and come back. */
export const HANDOFF_TTL_MS = 10 * 60_000;

/** What the result last put on the clipboard, so the next copy can say what it replaced. */
export type Copied = 'link' | 'message' | 'passphrase' | 'secret';
const COPIED: readonly Copied[] = ['link', 'message', 'passphrase', 'secret'];

/** The popup's last result: whatever the result view shows, and nothing the view does not show. */
export interface Handoff {
  /** The base URL the push went to (DEMO_BASE_URL for a demo push): removing that server erases this. */
  server: string;
  demo: boolean;
  /** When the push was created (the injected clock's time): it is erased HANDOFF_TTL_MS later. */
  savedAt: number;
  /** The push's link, already checked (lib/api/link.ts): a refused link is never kept. */
  link: string;
  /** The push's passphrase, when it has one: it goes to the recipient another way. */
  passphrase: string | null;
  /** The secret the generator made for this push (text or Wi-Fi password), for the creator's own copy. */
  secret: string | null;
  expiry: ExpiryFacts;
  viewsLeft: number;
  retrievalStep: boolean;
  /** The create's warning (e.g. host-mismatch), as the error data describeError() words. */
  warning: { code: string; message: string } | null;
  copied: Copied | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOrNull = (value: unknown) => value === null || typeof value === 'string';
const numberOrNullish = (value: unknown) => value == null || typeof value === 'number';
const stringOrNullish = (value: unknown) => value == null || typeof value === 'string';

function isExpiry(value: unknown): value is ExpiryFacts {
  if (!isObject(value)) return false;
  const { expires_at, expire_after_duration, expire_after_days, expire_after_views, views_remaining } = value;
  return (
    stringOrNullish(expires_at) &&
    [expire_after_duration, expire_after_days, expire_after_views, views_remaining].every(numberOrNullish)
  );
}

function isWarning(value: unknown): boolean {
  return (
    value === null || (isObject(value) && typeof value.code === 'string' && typeof value.message === 'string')
  );
}

/**
 * The stored value as a Handoff, or undefined when it is not one (the storage boundary). Checked by hand, not
 * by a zod schema: the popup reads it as it opens, and zod is not in the popup's first bytes.
 */
export function parseHandoff(value: unknown): Handoff | undefined {
  if (!isObject(value)) return undefined;
  const ok =
    typeof value.server === 'string' &&
    typeof value.demo === 'boolean' &&
    typeof value.savedAt === 'number' &&
    Number.isFinite(value.savedAt) &&
    typeof value.link === 'string' &&
    stringOrNull(value.passphrase) &&
    stringOrNull(value.secret) &&
    isExpiry(value.expiry) &&
    typeof value.viewsLeft === 'number' &&
    typeof value.retrievalStep === 'boolean' &&
    isWarning(value.warning) &&
    (value.copied === null || COPIED.includes(value.copied as Copied));
  return ok ? (value as unknown as Handoff) : undefined;
}

/** When `handoff` is erased: HANDOFF_TTL_MS after its push was created. */
export const erasedAt = (handoff: Pick<Handoff, 'savedAt'>): number => handoff.savedAt + HANDOFF_TTL_MS;

/** Whether `handoff` is still within its 10 minutes at `now` (a clock set back does not lengthen them). */
export function isLive(handoff: Pick<Handoff, 'savedAt'>, now: number): boolean {
  return now < erasedAt(handoff) && now >= handoff.savedAt - HANDOFF_TTL_MS;
}

/** The servers a kept result may belong to: the saved ones, or the demo service in demo mode. */
export function serversOf(settings: {
  demoMode: boolean;
  servers: ReadonlyArray<{ url: string }>;
}): string[] {
  return settings.demoMode ? [DEMO_BASE_URL] : settings.servers.map((server) => server.url);
}

/**
 * The result to show again: the stored `value` if it is a Handoff, still live at `now`, and its server is
 * one of `servers`; undefined otherwise (and then the stored value is to be erased).
 */
export function keptHandoff(value: unknown, now: number, servers: readonly string[]): Handoff | undefined {
  const handoff = parseHandoff(value);
  return handoff && isLive(handoff, now) && servers.includes(handoff.server) ? handoff : undefined;
}

/** What a create answered that the result shows (the popup's SentPush, read structurally). */
export interface CreatedFacts {
  push: ExpiryFacts & { views_remaining: number; retrieval_step: boolean };
  warning?: { code: string; message: string };
}

/**
 * The result to keep for a push created at `savedAt` whose link passed its check: only the push's expiry
 * facts are taken from its answer (an oss server's answer repeats the passphrase, and the rest is not shown).
 */
export function handoffOf(
  { push, warning }: CreatedFacts,
  kept: Pick<Handoff, 'server' | 'demo' | 'link' | 'passphrase' | 'secret' | 'savedAt'>,
): Handoff {
  const { expires_at, expire_after_duration, expire_after_days, expire_after_views, views_remaining } = push;
  return {
    ...kept,
    passphrase: kept.passphrase || null,
    expiry: { expires_at, expire_after_duration, expire_after_days, expire_after_views, views_remaining },
    viewsLeft: views_remaining,
    retrievalStep: push.retrieval_step,
    warning: warning ? { code: warning.code, message: warning.message } : null,
    copied: null,
  };
}
