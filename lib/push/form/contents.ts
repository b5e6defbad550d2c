/**
 * What the form holds: whether anything a person typed or added is in it, which Esc must not wipe unasked
 * (issue 20), and what a push made from it may be labelled by (lib/push/label.ts), never its secret.
 */
import { pushLabel, urlSubject } from '../label';
import type { FormState } from './types';

/**
 * True when any kind's content (text, URL, QR text, a Wi-Fi network, files) or a typed option (name, note,
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

/** A URL push's host or a file push's first file name; undefined for text and QR codes. */
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
