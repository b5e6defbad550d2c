/**
 * Test seam, present only in builds made with SECRET_PUSH_E2E=1 (as lib/quick-push/e2e-hook.ts, whose
 * comment says why a worker global): no driver can click a native notification, so the journey calls the
 * very handler notifications.onClicked calls.
 */
declare const __SECRET_PUSH_E2E__: boolean | undefined;

export const WATCH_E2E_GLOBAL = 'secretPushWatch';

export function exposeWatchForE2E(handlers: { notificationClicked(id: string): void }): void {
  if (typeof __SECRET_PUSH_E2E__ === 'undefined' || !__SECRET_PUSH_E2E__) return;
  (globalThis as Record<string, unknown>)[WATCH_E2E_GLOBAL] = handlers;
}
