/**
 * How a push is called wherever the extension names it (popup, dashboard, notifications, dialogs): its name,
 * else the start of its private note, else its kind with what it points at (a URL's host, the first file's
 * name) and when it was made (two pushes of the same host or file name are told apart by the second). Never the secret: the subject is recorded at create
 * (lib/watch/record.ts) as a host or a file name only, and a payload is never passed in.
 */
import type { PushKind } from '@/lib/contract';
import { dateTimeFormat } from '@/lib/format/intl';
import { t, type MessageKey } from '@/lib/i18n';
import type { FormState } from './form/types';

const NOTE_CHARS = 40;
const TOKEN_CHARS = 8;

const KIND_WORDS: Record<PushKind, MessageKey> = {
  text: 'push_kindText',
  url: 'push_kindUrl',
  file: 'push_kindFile',
  qr: 'push_kindQr',
};

/** What the label is made of: every field but the token may be missing (an event whose push is unknown). */
export interface LabelFacts {
  url_token: string;
  name?: string;
  note?: string;
  kind?: PushKind;
  /** A URL push's host or a file push's first file name, as recorded at create. */
  subject?: string;
  created_at?: string;
}

/**
 * "14 Nov, 09:30:12" in `locale`; undefined when the instant does not parse. To the second: two pushes
 * made in the same minute (a person sending two secrets in a row) must not get the same name.
 */
function madeAt(iso: string | undefined, locale: string): string | undefined {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return undefined;
  const format = {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  } as const;
  return dateTimeFormat(locale, format).format(at);
}

/**
 * The label of a push, e.g. "Router password", "URL · wiki.example.com · 14 Nov, 09:30:12",
 * "File · report.pdf · 14 Nov, 09:31:05", "Text · 14 Nov, 09:30:12" (without the time when it is not known).
 * Only a push known by its token alone is called "Push <token start>".
 */
export function pushLabel(push: LabelFacts, locale = 'en'): string {
  const name = push.name?.trim();
  if (name) return name;
  const note = push.note?.trim().replace(/\s+/g, ' ');
  if (note) return note.length > NOTE_CHARS ? `${note.slice(0, NOTE_CHARS).trimEnd()}…` : note;
  const kind = t(push.kind ? KIND_WORDS[push.kind] : 'push_kindPush');
  // The host alone named every push to it the same: two links to one wiki, a day apart, were one name.
  const detail = [push.subject?.trim(), madeAt(push.created_at, locale)].filter(Boolean).join(' · ');
  if (detail) return `${kind} · ${detail}`;
  return push.kind ? kind : t('push_labelByToken', push.url_token.slice(0, TOKEN_CHARS));
}

/** What a push's label may show of its payload: a URL's host (never its path or query), or undefined. */
export function urlSubject(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined; // not a URL: the label falls back to the time the push was made
  }
}

/**
 * What a push made from the form may be labelled by, never its secret: a URL push's host or a file push's
 * first file name; undefined for text and QR codes.
 */
export function formSubject(state: Pick<FormState, 'kind' | 'url' | 'files'>): string | undefined {
  if (state.kind === 'url') return urlSubject(state.url.trim());
  if (state.kind === 'file') return state.files[0]?.name;
  return undefined;
}

/**
 * The name a push made from the form now gets when its name is left empty (pushLabel of what the form
 * holds, made at `now`): the name field's sample, so the sample is what the list will show.
 */
export function formLabel(
  state: Pick<FormState, 'kind' | 'url' | 'files'> & { options: Pick<FormState['options'], 'note'> },
  now: number,
  locale: string,
): string {
  const facts = { url_token: '', kind: state.kind, note: state.options.note };
  return pushLabel(
    { ...facts, subject: formSubject(state), created_at: new Date(now).toISOString() },
    locale,
  );
}
