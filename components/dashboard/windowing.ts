/**
 * Which rows of a long list to render (issue 19: 10,000 pushes), as pure arithmetic over row heights: rows
 * measured once rendered, the others estimated. The page scrolls, not the list, and the rows stay in the
 * list's flow (its columns are a subgrid every row shares); the rows left out are replaced by space: a gap
 * above each rendered row and space after the last, so the list is as tall as with every row in it.
 */

/** Where each row starts: `offsets[i]` is row i's top, from the list's top; `offsets[n]`, the list's height. */
export function rowOffsets(
  keys: readonly string[],
  heights: ReadonlyMap<string, number>,
  estimate: number,
): Float64Array {
  const offsets = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) offsets[i + 1] = offsets[i]! + (heights.get(keys[i]!) ?? estimate);
  return offsets;
}

/** The first `j` with offsets[j] > `y` (`above`: ≥ `y`), or offsets.length when none is. */
function firstPast(offsets: Float64Array, y: number, orEqual: boolean): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const value = offsets[mid]!;
    if (value < y || (!orEqual && value === y)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The rows [start, end) that show some of the band from `top` to `bottom` (px from the list's top). */
export function rowsBetween(
  offsets: Float64Array,
  top: number,
  bottom: number,
): { start: number; end: number } {
  const count = offsets.length - 1;
  // Row i shows when its bottom (offsets[i + 1]) is below `top` and its top (offsets[i]) above `bottom`.
  const start = Math.min(count, Math.max(0, firstPast(offsets, top, false) - 1));
  const end = Math.min(count, firstPast(offsets, bottom, true));
  return { start, end: Math.max(start, end) };
}

export interface PlacedRow {
  index: number;
  /** Space above it, for the rows left out between it and the previous rendered row (or the list's top). */
  gap: number;
}

/**
 * The rows to render: the range, and the `kept` rows wherever they are (the one holding focus, the one
 * the page's address names), in list order, each with the gap above it; `after`, the space below the last.
 */
export function placeRows(
  offsets: Float64Array,
  range: { start: number; end: number },
  kept: readonly number[],
): { rows: PlacedRow[]; after: number } {
  const count = offsets.length - 1;
  const indexes = new Set<number>();
  for (let i = range.start; i < range.end; i++) indexes.add(i);
  for (const i of kept) if (i >= 0 && i < count) indexes.add(i);
  let bottom = 0;
  const rows = [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const gap = offsets[index]! - bottom;
      bottom = offsets[index + 1]!;
      return { index, gap };
    });
  return { rows, after: offsets[count]! - bottom };
}
