/**
 * The clipboard clearer's pure core: one pending clear at a time (the newest copy is the one on the
 * clipboard), and a clear that happens only while the clipboard still holds what we wrote.
 */
import { clipboardHash } from './hash';

export interface ClipboardAccess {
  /** The clipboard's text; null when it cannot be read (then nothing is cleared: never blindly). */
  read(): Promise<string | null>;
  /** Empties the clipboard. */
  clear(): Promise<void>;
}

export interface ClearerDeps extends ClipboardAccess {
  setTimer?: (run: () => void, ms: number) => unknown;
  cancelTimer?: (timer: unknown) => void;
  report?: (what: string, error: unknown) => void;
}

/**
 * Clears the clipboard when it still holds the text whose hash is `hash`; true when it did. A clipboard
 * that changed since (the user copied something else) or that cannot be read is left alone.
 */
export async function clearIfUnchanged(hash: string, { read, clear }: ClipboardAccess): Promise<boolean> {
  const current = await read();
  if (!current || (await clipboardHash(current)) !== hash) return false;
  await clear();
  return true;
}

export interface ClipboardClearer {
  /** Clears the clipboard in `delayMs` if it still holds the copy hashed as `hash`; replaces any earlier. */
  schedule(hash: string, delayMs: number): void;
}

/** A clearer whose timer lives in the calling document (the offscreen document, or Firefox's background). */
export function createClipboardClearer(deps: ClearerDeps): ClipboardClearer {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const cancelTimer = deps.cancelTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const report = deps.report ?? ((what, error) => console.error(what, error));
  let pending: unknown;
  return {
    schedule(hash, delayMs) {
      if (pending !== undefined) cancelTimer(pending);
      pending = setTimer(() => {
        pending = undefined;
        clearIfUnchanged(hash, deps).catch(
          (error: unknown) => report('Could not clear the clipboard', error), // i18n-ignore: logged for developers
        );
      }, delayMs);
    },
  };
}
