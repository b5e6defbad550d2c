/**
 * Three coordination helpers, each written once with one failure rule: a failed attempt is never kept, and
 * it reaches only the callers that waited for it.
 */

/** Runs the jobs given to it one at a time, in the order given. */
export type Serial = <T>(job: () => Promise<T> | T) => Promise<T>;

/**
 * A one-at-a-time queue: each job starts when the one before it has settled. A job's failure goes to its
 * own caller; the queue carries on with the next job.
 */
export function createSerial(): Serial {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T> | T) => {
    const run = tail.then(job);
    tail = run.catch(() => undefined); // settled either way: the failure belongs to `run`'s caller
    return run;
  };
}

/** A shared asynchronous value: call it to get the value, `reset` to forget a kept one. */
export interface Shared<T> {
  (): Promise<T>;
  reset(): void;
}

/**
 * Shares one attempt of `work` between concurrent callers. With `keep` (the default) a success is kept and
 * every later call returns it; without it, the next call after the attempt settled starts a new one (for
 * work whose result can go stale, such as "is the document open"). A failure is never kept either way:
 * the callers of that attempt receive it, and the next call tries again.
 */
export function shared<T>(work: () => Promise<T>, { keep = true }: { keep?: boolean } = {}): Shared<T> {
  let current: Promise<T> | undefined;
  const get = () => {
    if (current) return current;
    const attempt = Promise.resolve().then(work);
    current = attempt;
    const forget = () => {
      if (current === attempt) current = undefined;
    };
    attempt.then(keep ? undefined : forget, forget);
    return attempt;
  };
  return Object.assign(get, {
    reset: () => {
      current = undefined;
    },
  });
}

/** In-context queues, one per name, for where the Web Locks API is missing (Node, where unit tests run). */
const localLocks = new Map<string, Serial>();

/**
 * Runs `work` holding the lock `name`, shared by every context of the extension: its pages, the popup, the
 * offscreen document and the background (the Web Locks API, `navigator.locks`, one origin; present in
 * Chrome's worker and pages and in Firefox's background page and pages). A read-modify-write of a record
 * two contexts may change runs under it, so neither writes over what the other wrote between its read and
 * its write. Where the API is missing (Node), the same order holds within the one context there is.
 */
export function exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request(name, work) as Promise<T>;
  let serial = localLocks.get(name);
  if (!serial) localLocks.set(name, (serial = createSerial()));
  return serial(work);
}
