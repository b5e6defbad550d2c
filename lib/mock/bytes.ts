/** Byte-sequence search for the streaming parsers (no Buffer: the mock also runs in the browser). */

/** The index of the first `needle` in `haystack`, or -1. */
export function findBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  if (first === undefined) return from;
  const last = haystack.byteLength - needle.byteLength;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.byteLength && haystack[i + j] === needle[j]) j++;
    if (j === needle.byteLength) return i;
  }
  return -1;
}
