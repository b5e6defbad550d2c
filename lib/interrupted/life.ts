/**
 * This life of the background: its id, made when its script starts (a pending create names the life that
 * began it, pending.ts), and its end as a page hears it (lifeEnding).
 */
/** This life of the background: made once, when its script starts. */
export const LIFE = crypto.randomUUID();

/** The end of this life of the background, as the code that must not speak for the next life sees it. */
export interface LifeEnd {
  /** Whether the page is going away now (it heard pagehide). */
  now(): boolean;
  /**
   * Whether it is going away now or within a moment (END_GRACE_MS). Firefox aborts a reloading page's
   * requests before the page hears pagehide, so a failure with no answer heard in a page may be the
   * reload's own: what it would say or store waits that moment. At once where the background is no page
   * (Chrome's worker, which runs no more code once stopped).
   */
  soon(): Promise<boolean>;
}

/** How long a page's failure with no answer waits to see whether the page is going away (LifeEnd.soon). */
export const END_GRACE_MS = 250;

/**
 * This life's end: Firefox's background page hidden for its reload (Chrome's worker simply stops, and never
 * hears this). Its last moments still run code, its requests aborted: a failure heard then is the unload's,
 * not the server's (the request may have landed), so what it would store or say is left to the next life,
 * which finds this life's marks (pending creates, a stored run).
 */
export function lifeEnding({
  page = typeof document !== 'undefined',
  graceMs = END_GRACE_MS,
  target = globalThis as Pick<EventTarget, 'addEventListener'>,
}: { page?: boolean; graceMs?: number; target?: Pick<EventTarget, 'addEventListener'> } = {}): LifeEnd {
  let ending = false;
  const waiting = new Set<() => void>();
  target.addEventListener?.(
    'pagehide',
    () => {
      ending = true;
      for (const wake of waiting) wake();
    },
    { once: true },
  );
  return {
    now: () => ending,
    soon: () =>
      ending || !page
        ? Promise.resolve(ending)
        : new Promise<boolean>((resolve) => {
            const wake = () => {
              clearTimeout(timer);
              waiting.delete(wake);
              resolve(true);
            };
            const timer = setTimeout(() => {
              waiting.delete(wake);
              resolve(ending);
            }, graceMs);
            waiting.add(wake);
          }),
  };
}
