/**
 * Two coordination helpers, each written once with one failure rule: a failed attempt is never kept, and
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
