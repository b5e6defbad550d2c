/**
 * An error in words (lib/api/describe.ts), loaded when an error is first shown rather than at open. A send
 * loads it before it reports its failure, so the form's alert is worded at the moment the form fails.
 */
import { toAppError } from '@/lib/errors';

type Describe = (error: unknown) => string;
let describe: Describe | undefined;

/** Loads the error words (once). */
export async function loadErrorWords(): Promise<Describe> {
  return (describe ??= (await import('@/lib/api/describe')).describeError);
}

/** `error` in words, once they are loaded (loadErrorWords); undefined before. */
export function describedNow(error: unknown): string | undefined {
  return describe?.(error);
}

/** `error` (anything thrown) in words. */
export async function described(error: unknown): Promise<string> {
  return (await loadErrorWords())(toAppError(error));
}
