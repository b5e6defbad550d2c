import { vi } from 'vitest';

/**
 * crypto.subtle settles on Node's thread pool, outside the fake clock: this records every digest started
 * so a test can wait for the clears that depend on them before it looks at the clipboard.
 */
export function trackDigests(): () => Promise<void> {
  const started: Array<Promise<unknown>> = [];
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'digest').mockImplementation((algorithm, data) => {
    const result = digest(algorithm, data);
    started.push(result);
    return result;
  });
  return async () => {
    await vi.advanceTimersByTimeAsync(0);
    await Promise.all(started);
    await vi.advanceTimersByTimeAsync(0);
  };
}
