/** What a push made from the form may be labelled by (lib/push/label.ts), never its secret. */
import type { FormState } from './form-types';
import { urlSubject } from './label';

/** A URL push's host or a file push's first file name; undefined for text and QR codes. */
export function formSubject(state: Pick<FormState, 'kind' | 'url' | 'files'>): string | undefined {
  if (state.kind === 'url') return urlSubject(state.url.trim());
  if (state.kind === 'file') return state.files[0]?.name;
  return undefined;
}
