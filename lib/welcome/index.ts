/**
 * First run: a new install opens the welcome page (entrypoints/welcome) in a tab of its own, in front, so a
 * new user learns what the extension does and that demo mode is on. An update, a browser update or a
 * reload in development (reason 'update' or 'chrome_update') opens nothing: it would greet the user again.
 */

/** The welcome page's address inside the extension. */
export const WELCOME_PATH = '/welcome.html';

/** Opens the welcome page on a fresh install; registered on every worker start. */
export function registerWelcome(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    browser.tabs
      .create({ url: browser.runtime.getURL(WELCOME_PATH), active: true })
      .catch((error: unknown) => console.error('Could not open the welcome page', error));
  });
}
