/**
 * Where focus goes after an action on the saved servers (issue 37): onto what the action produced, never the
 * page's body. Make default takes its own button away, Connect folds the form (its button with it) into the
 * server's row, and Remove takes the whole row: each would leave focus nowhere.
 */

/** How many frames to wait for the element to be drawn (the settings reach the page through storage). */
const FRAMES = 30;

function focusWhenThere(find: () => HTMLElement | null | undefined, frames = FRAMES): void {
  const found = find();
  if (found) found.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenThere(find, frames - 1));
}

/** The saved server `url`'s row in the list. */
export function focusServerRow(url: string): void {
  focusWhenThere(() =>
    [...document.querySelectorAll<HTMLElement>('.server-list > li')].find((li) => li.dataset.server === url),
  );
}

/** The list's heading, once a row is gone; the form's first field when no list is left. */
export function focusServers(): void {
  focusWhenThere(
    () =>
      document.querySelector<HTMLElement>('#servers-title') ??
      document.querySelector<HTMLElement>('form input:not([type=hidden]), form select'), // i18n-ignore
  );
}

/**
 * After a Connect or Test connection that failed: the field the failure names (aria-invalid), else the form's
 * first button, Connect. Its buttons were disabled while it worked, which leaves focus on the page's body.
 */
export function focusFailure(): void {
  focusWhenThere(
    () =>
      document.querySelector<HTMLElement>('form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('form button[type="submit"]:not(:disabled)'), // i18n-ignore
  );
}
