/** What a push made from the form may be labelled by (lib/push/label.ts), never its secret. */
import type { FormState } from './form-types';
import { pushLabel, urlSubject } from './label';

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
