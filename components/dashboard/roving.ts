/**
 * The list of pushes as one composite widget (issue 37): a roving tabindex over its rows. Tab enters the list
 * once, on the current row, and the next Tab leaves it; the arrow keys move inside. Pure arithmetic here, the
 * DOM in useRovingRows.ts.
 */

/** The row a key moves focus to (ArrowUp/ArrowDown one row, Home/End the first/last), or null for other keys. */
export function rowMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The stop a key moves focus to inside a row, whose stops are the row itself (0) and then its controls in
 * reading order: the arrow that points along the line (ArrowRight, ArrowLeft in a right-to-left language)
 * goes on, the other back; neither wraps. Null for other keys.
 */
export function stopMove(key: string, index: number, count: number, rtl: boolean): number | null {
  if (count === 0) return null;
  const on = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === on) return Math.min(count - 1, index + 1);
  if (key === back) return Math.max(0, index - 1);
  return null;
}

/** The row that is the list's one tab stop: the one last focused while it is still listed, else the first. */
export function tabStopIndex(keys: readonly string[], current: string | null): number {
  if (keys.length === 0) return -1;
  const index = current === null ? -1 : keys.indexOf(current);
  return index === -1 ? 0 : index;
}
