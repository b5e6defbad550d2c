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

/**
 * Reads a body stream chunk by chunk, handing each chunk to `take`, and stops at once when more than `max`
 * bytes arrived ('too-large') or the stream failed before its end ('unreadable': the client went away, or
 * a host in front cut it off). `take` returning false stops the read too ('stopped').
 */
export async function readStream(
  body: ReadableStream<Uint8Array>,
  max: number,
  take: (chunk: Uint8Array) => boolean | Promise<boolean>,
): Promise<'done' | 'too-large' | 'unreadable' | 'stopped'> {
  const reader = body.getReader();
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // A host in front that counts bytes (host/node-adapter.ts) ends the stream with this error name.
      return error instanceof Error && error.name === 'PayloadTooLargeError' ? 'too-large' : 'unreadable';
    }
    if (chunk.done) return 'done';
    total += chunk.value.byteLength;
    const verdict = total > max ? 'too-large' : (await take(chunk.value)) ? undefined : 'stopped';
    if (verdict) {
      reader.cancel().catch(() => undefined); // the answer says why; a failed cancel changes nothing
      return verdict;
    }
  }
}

/**
 * A request's body as a stream. Firefox (ESR 153) has no `Request.prototype.body`: there `body` is
 * undefined even when the request has one, so the bytes are read through `blob()` instead. Null when the
 * request has no body.
 */
export async function bodyStream(request: Request): Promise<ReadableStream<Uint8Array> | null> {
  if (request.body !== undefined) return request.body;
  const blob = await request.blob();
  return blob.size === 0 ? null : (blob.stream() as ReadableStream<Uint8Array>);
}
