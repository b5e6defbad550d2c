/**
 * The hand-off's clock: Date.now. Test seam, present only in builds made with SECRET_PUSH_E2E=1 (as
 * lib/quick-push/e2e-hook.ts): there the journeys move it forward by a shift they put in storage.session
 * (e2eClockShiftItem), so "10 minutes later" needs no waiting. In every other build the condition is the
 * constant `false` and the read is dropped from the bundle.
 */
import { e2eClockShiftItem } from '@/lib/store';

declare const __SECRET_PUSH_E2E__: boolean | undefined;

/** The clock the hand-off reads now (the test build's shift, if any, read once). */
export async function handoffClock(): Promise<() => number> {
  if (typeof __SECRET_PUSH_E2E__ === 'undefined' || !__SECRET_PUSH_E2E__) return Date.now;
  const shift = await e2eClockShiftItem.getValue();
  return () => Date.now() + shift;
}
