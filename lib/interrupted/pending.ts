/**
 * The write-ahead record of a create (issue 40): before a create's request leaves the background, an entry
 * says that one is under way; it is removed once the push is recorded, or once the create failed. The
 * browser may stop the background at any moment (Chrome stops its service worker, an update reloads
 * Firefox's background page), and a push the server made in the last moments of a life is then neither
 * recorded nor copied. The next life finds the entries of the lives before it: each is a create that was
 * interrupted, and the person is told (background.ts).
 *
 * An entry holds no payload or passphrase: the kind of create, when it started and which life started it.
 * storage.session keeps it across a worker's restart, in memory only.
 */
import { interruptedEntries } from '@/lib/store';
import { LIFE } from './life';

/** What was being created: a quick push, or a push the popup sent to the demo service. */
export type InterruptedKind = 'quick-push' | 'demo-create';

export interface Pending {
  kind: InterruptedKind;
  /** When the create started (ms since the epoch). */
  startedAt: number;
  /** The life of the background that started it. */
  life: string;
}

/** A create found interrupted: what its mark said, and the mark's id (its notification is named by it). */
export interface Interrupted extends Pending {
  id: string;
}

export interface Mark {
  /** The mark's id: the next life's notification about this create, if it is interrupted, is named by it. */
  id: string;
  written: Promise<void>;
  done(): Promise<void>;
}

export interface PendingCreates {
  /**
   * Marks a create as under way: the storage write is called before this returns, `written` says it
   * landed (the caller awaits it before its request leaves, while it prepares the request), and `done`
   * removes the mark once the create is over (recorded, or failed: either way nothing is left to find).
   */
  begin(kind: InterruptedKind): Mark;
  /** The creates that lives before this one began and never finished, taken out (each is reported once). */
  takeInterrupted(): Promise<Interrupted[]>;
}

export interface PendingDeps {
  entries: typeof interruptedEntries;
  /** This life of the background: a fresh id at every start of its script. */
  life: string;
  now(): number;
  newId(): string;
}

const kinds: readonly string[] = ['quick-push', 'demo-create'] satisfies InterruptedKind[];

/** An entry read back from storage (the storage boundary): a Pending, or undefined for anything else. */
function pendingOf(value: unknown): Pending | undefined {
  const entry = value as Partial<Pending> | null;
  return typeof entry?.kind === 'string' &&
    kinds.includes(entry.kind) &&
    typeof entry.startedAt === 'number' &&
    typeof entry.life === 'string'
    ? { kind: entry.kind as InterruptedKind, startedAt: entry.startedAt, life: entry.life }
    : undefined;
}

export function pendingCreates(deps: PendingDeps): PendingCreates {
  const { entries, life } = deps;
  // The entries' names in storage: their id after this.
  const start = entries.prefix.slice(entries.prefix.indexOf(':') + 1);
  return {
    begin(kind) {
      const id = deps.newId();
      const pending: Pending = { kind, startedAt: deps.now(), life };
      const written = entries.set(id, pending);
      return {
        id,
        written,
        async done() {
          // Removed after its write landed, so the removal cannot overtake it.
          await written.catch(() => undefined);
          await entries.remove(`${start}${id}`);
        },
      };
    },
    async takeInterrupted() {
      const interrupted: Interrupted[] = [];
      for (const [name, value] of await entries.all()) {
        const pending = pendingOf(value);
        // This life's own creates are under way, not interrupted.
        if (pending?.life === life) continue;
        await entries.remove(name);
        if (pending) interrupted.push({ ...pending, id: name.slice(start.length) });
      }
      return interrupted.sort((a, b) => a.startedAt - b.startedAt);
    },
  };
}

/** The background's pending creates, in storage.session. */
export function backgroundPendingCreates(): PendingCreates {
  return pendingCreates({
    entries: interruptedEntries,
    life: LIFE,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  });
}
