/**
 * Demo mode's light front: the built-in demo service's fixed names, which every page may load at open
 * (wxt.config.ts puts them with what every page loads); index.ts is the rest of the demo's front. The base
 * URL uses the reserved .invalid TLD, so a request that escaped the in-extension transport could never
 * reach a real host.
 */
export const DEMO_BASE_URL = 'https://demo.secret-push.invalid';
export const DEMO_USER_EMAIL = 'demo@secret-push.local';
/** The mock's IndexedDB database; the extension's own data lives elsewhere. */
export const DEMO_DB_NAME = 'secret-push-mock';
/** The page behind html_url and files[].url in demo mode. */
export const VIEWER_PATH = '/viewer.html';
/**
 * The demo service's body limit: a request crosses one runtime message as base64 (4/3 of its size) and
 * Chrome refuses a message over 64 MiB, so 40 MiB (about 53 MiB of base64) always fits.
 */
export const DEMO_MAX_BODY_BYTES = 40 * 1024 * 1024;
