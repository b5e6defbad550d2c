/**
 * The server this popup sends to (issue 12's switch): the default one until the person picks another. Kept in
 * memory only, for the popup's lifetime; a new popup starts on the default again, as quick push always does.
 */
let chosen: string | undefined;

/** Sends this popup's pushes to the saved server `url`. */
export function chooseServer(url: string): void {
  chosen = url;
}

/** The server picked in this popup; undefined: the default one. */
export function chosenServer(): string | undefined {
  return chosen;
}
