/**
 * Whether the last popup showed the demo banner, so this one shows it (or not) from its first paint instead
 * of pushing the form down when the settings arrive. Only this one flag, never anything typed; the settings
 * decide as soon as they are read. localStorage is the page's own synchronous store (nothing to await).
 */
const KEY = 'sp-popup-demo';

/**
 * The demo banner as the last popup showed it; not shown when unknown: on a first open the policy may not
 * be read yet, and an organization's may forbid demo mode (policy first).
 */
export function lastDemoShown(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers whether this popup shows the demo banner, for the next one. */
export function rememberDemoShown(shown: boolean): void {
  try {
    localStorage.setItem(KEY, shown ? '1' : '0');
  } catch {
    // No page storage (a private context): the next popup guesses, as on a first open.
  }
}
