import { useEffect, useState } from 'preact/hooks';

/** The current time, updated every `intervalMs` while mounted: what drives the live countdowns. */
export function useNow(intervalMs = 1000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, clock]);
  return now;
}
