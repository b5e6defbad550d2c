/**
 * A streaming multipart/form-data parser. Parts are read as the bytes arrive and a file part is gathered
 * into a Blob a slice at a time, so an upload is held about once instead of being buffered, copied and
 * parsed whole (Response.formData() held a 64 MiB upload five times over).
 */
import { findBytes, readStream } from './bytes';

export type Entry = [name: string, value: string | File];
export type MultipartResult = Entry[] | 'too-large' | 'unreadable' | 'malformed';

const CRLF2 = new Uint8Array([13, 10, 13, 10]);
const MAX_HEADER_BYTES = 16 * 1024;
/** How many bytes of a file part are gathered before they join its Blob. */
const SLICE_BYTES = 1024 * 1024;

/** The boundary of a multipart Content-Type, or undefined when there is none. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

interface Part {
  name: string;
  filename?: string;
  type: string;
  blob: Blob;
  pending: Uint8Array[];
  pendingBytes: number;
}

function parseHeaders(bytes: Uint8Array): Omit<Part, 'blob' | 'pending' | 'pendingBytes'> | undefined {
  const lines = new TextDecoder().decode(bytes).split('\r\n');
  const header = (name: string) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  const disposition = header('content-disposition');
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) return undefined;
  const param = (key: string) =>
    new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition)?.[1]?.replace(/\\(.)/g, '$1');
  const name = param('name');
  if (name === undefined) return undefined;
  return { name, filename: param('filename'), type: header('content-type') ?? '' };
}

function append(part: Part, bytes: Uint8Array): void {
  if (bytes.byteLength === 0) return;
  part.pending.push(bytes);
  part.pendingBytes += bytes.byteLength;
  if (part.pendingBytes >= SLICE_BYTES) flush(part);
}

function flush(part: Part): void {
  part.blob = new Blob([part.blob, ...(part.pending as BlobPart[])], { type: part.type });
  part.pending = [];
  part.pendingBytes = 0;
}

async function finish(part: Part): Promise<Entry> {
  flush(part);
  if (part.filename === undefined) return [part.name, await part.blob.text()];
  return [part.name, new File([part.blob], part.filename, { type: part.type })];
}

/** The parser's state between chunks: what is left unread, and the part being read. */
interface State {
  buffer: Uint8Array;
  phase: 'preamble' | 'headers' | 'body' | 'done';
  part?: Part;
  entries: Entry[];
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.byteLength === 0) return b;
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

/** Consumes what it can of `state.buffer`; false when the body is malformed. */
async function advance(state: State, delimiter: Uint8Array): Promise<boolean> {
  for (;;) {
    const { buffer } = state;
    if (state.phase === 'done') return true;
    if (state.phase === 'headers') {
      const end = findBytes(buffer, CRLF2);
      if (end < 0) return buffer.byteLength <= MAX_HEADER_BYTES;
      const headers = parseHeaders(buffer.subarray(0, end));
      if (!headers) return false;
      state.part = { ...headers, blob: new Blob([]), pending: [], pendingBytes: 0 };
      state.buffer = buffer.subarray(end + CRLF2.byteLength);
      state.phase = 'body';
      continue;
    }
    const at = findBytes(buffer, delimiter);
    if (at < 0) {
      // Keep what could be the start of a delimiter; the rest belongs to the part (or the preamble).
      const keep = Math.min(buffer.byteLength, delimiter.byteLength + 1);
      if (state.part) append(state.part, buffer.slice(0, buffer.byteLength - keep));
      state.buffer = buffer.subarray(buffer.byteLength - keep);
      return true;
    }
    const after = buffer.subarray(at + delimiter.byteLength);
    if (after.byteLength < 2) return true; // wait for the two bytes that say "next part" or "end"
    if (state.part) {
      append(state.part, buffer.slice(0, at));
      state.entries.push(await finish(state.part));
      state.part = undefined;
    }
    const end = after[0] === 45 && after[1] === 45; // "--"
    if (!end && !(after[0] === 13 && after[1] === 10)) return false;
    state.buffer = after.subarray(2);
    state.phase = end ? 'done' : 'headers';
  }
}

/**
 * Reads a multipart body of at most `max` bytes into its entries (text fields as strings, files as File).
 * 'too-large' past `max`, 'unreadable' when the stream failed, 'malformed' when it is not multipart.
 */
export async function parseMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  max: number,
): Promise<MultipartResult> {
  // A leading CRLF makes the first boundary look like every other delimiter.
  const state: State = { buffer: new Uint8Array([13, 10]), phase: 'preamble', entries: [] };
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  const read = await readStream(body, max, (chunk) => {
    state.buffer = concat(state.buffer, chunk);
    return advance(state, delimiter);
  });
  if (read === 'too-large' || read === 'unreadable') return read;
  return state.phase === 'done' ? state.entries : 'malformed';
}
