/**
 * The hand-off's front: the popup's last result kept in storage.session (memory only, never on disk), read
 * back through the core's check, and erased by every route the core names: New push or Done, 10 minutes
 * after the create (an alarm in the background, and every read), and its server removed.
 */
import { handoffItem } from '@/lib/store';
import { keptHandoff, parseHandoff, type Copied, type Handoff } from './core';

export * from './core';
export { handoffClock } from './clock';

/** The alarm that erases a kept result when its 10 minutes are up, even if the popup is never opened again. */
export const HANDOFF_ALARM = 'handoff-erase';

export interface HandoffStore {
  /**
   * Keeps `handoff` in place of any earlier one. The background sets the alarm that erases it as it hears the
   * write (registerHandoff): one storage write in the answer's turn, not also an alarm (issue 37).
   */
  keep(handoff: Handoff): Promise<void>;
  /** The kept result if it is still live and its server one of `servers`; an expired or orphaned one is erased. */
  read(servers: readonly string[]): Promise<Handoff | undefined>;
  /** Notes what the result put on the clipboard last (no secret: only which of its parts). */
  copied(what: Copied): Promise<void>;
  /** Erases the kept result (New push, Done). */
  erase(): Promise<void>;
}

export interface HandoffOptions {
  /** The clock (handoffClock() in the extension; tests move their own). */
  now?: () => number;
  item?: typeof handoffItem;
}

/**
 * The kept result in storage.session, as `now` sees it. Every write holds one lock across contexts
 * (lib/async's exclusive, named after the record; issue 40), and a read that finds a result to erase takes
 * it to decide again: the popup keeps a result and notes each copy,
 * the background erases it when its time is up or its server goes, and each is a read then a write (or a
 * write and its alarm) that would otherwise interleave: a copy noted from a read taken before an erase
 * put the erased result back with no alarm left to erase it, and an erase decided on an expired result
 * removed the new one kept meanwhile. The erase alarm is the background's: it follows the stored value
 * (background.ts), so a result written back is erased at its own time.
 */
export function handoffStore({ now = Date.now, item = handoffItem }: HandoffOptions = {}): HandoffStore {
  // The lock is loaded when first taken: a popup opened only to look reads without it (its first screen's
  // bytes, issue 22), and lib/async is then already in memory in every other context.
  const locked = <T>(work: () => Promise<T>) =>
    import('@/lib/async').then(({ exclusive }) => exclusive(`secret-push:${item.key}`, work));
  // Erases made through this store (New push, Done, a read's): a keep never writes back what they removed.
  // The alarm follows the stored result: the background sets and clears it as it hears it change.
  let erased = 0;
  const erase = () => {
    erased += 1;
    return item.removeValue();
  };
  // The stored result if live for `servers` (default: its own server, for a result known only by itself);
  // one no longer live is erased. Called under the lock wherever it may erase.
  const liveOrErased = async (servers?: readonly string[]) => {
    const stored = await item.getValue();
    const kept = keptHandoff(stored, now(), servers ?? [parseHandoff(stored)?.server ?? '']);
    if (!kept && stored !== null) await erase();
    return kept;
  };
  // A live result is read as it is; one to erase is decided again under the lock, so a result kept meanwhile
  // by another context is never the one removed.
  const read = async (servers: readonly string[]) => {
    const stored = await item.getValue();
    const kept = keptHandoff(stored, now(), servers);
    if (kept || stored === null) return kept;
    return locked(() => liveOrErased(servers));
  };
  return {
    keep: async (handoff) => {
      // Written in the answer's own turn, not after the lock's grant: a popup closed the moment its link shows
      // has kept it (the hand-off journey; under the lock, Chromium lost one). An erase another context decided
      // before this write may remove it in between: under the lock, a result gone while still live is written
      // again, unless this store erased it (Done pressed at once: this-page.journey.ts saw it come back).
      const before = erased;
      await item.setValue(handoff);
      await locked(async () => {
        const gone = (await item.getValue()) === null && erased === before;
        if (gone && keptHandoff(handoff, now(), [handoff.server])) await item.setValue(handoff);
      });
    },
    read,
    copied: (what) =>
      locked(async () => {
        const kept = await liveOrErased();
        if (kept) await item.setValue({ ...kept, copied: what });
      }),
    // Removed in the click's own turn, as keep writes: a popup closed right after Done or New push has erased
    // it (waiting first for the lock, loaded on first use, a full CI run saw the result come back in the next
    // popup); removed again under the lock, so a copy noted from an earlier read cannot put it back.
    erase: () => erase().then(() => locked(erase)),
  };
}
