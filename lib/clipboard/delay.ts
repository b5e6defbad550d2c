/**
 * How long a second of the user's clipboard delay lasts. The test build (SECRET_PUSH_E2E=1) shortens it so no
 * browser test waits half a minute for the shortest choice; the code path is the same. In every other build
 * the condition is the constant `false`. No imports: browser tests read E2E_CLEAR_MS_PER_SECOND from Node.
 */
declare const __SECRET_PUSH_E2E__: boolean | undefined;

/** A second of the user's delay in the test build: 30 s become 1.5 s. */
export const E2E_CLEAR_MS_PER_SECOND = 50;

/** A second of the user's delay, in ms. */
export const CLEAR_MS_PER_SECOND =
  typeof __SECRET_PUSH_E2E__ !== 'undefined' && __SECRET_PUSH_E2E__ ? E2E_CLEAR_MS_PER_SECOND : 1000;
