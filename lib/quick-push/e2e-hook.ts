/**
 * Test seam, present only in builds made with SECRET_PUSH_E2E=1 (wxt.config.ts defines
 * __SECRET_PUSH_E2E__ for Vite; in every other build the condition is the constant `false` and the
 * assignment is dropped from the bundle). Playwright cannot click the browser's native context menu or a
 * notification button, so the journey calls, through the service worker, the very handlers those listeners
 * call. A service-worker global was chosen over a runtime message because nothing else can reach it: no
 * page, content script or other extension gains a way to trigger a push, even in the test build.
 */
declare const __SECRET_PUSH_E2E__: boolean | undefined;

export const E2E_GLOBAL = 'secretPushQuickPush';

export function exposeForE2E(handlers: object): void {
  if (typeof __SECRET_PUSH_E2E__ === 'undefined' || !__SECRET_PUSH_E2E__) return;
  (globalThis as Record<string, unknown>)[E2E_GLOBAL] = handlers;
}
