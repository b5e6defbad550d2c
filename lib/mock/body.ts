/**
 * Request bodies: read at most their limit (Content-Length is checked first, then the bytes actually
 * read), then parse JSON, urlencoded or multipart (streamed, multipart.ts) into one nested object with
 * Rails' bracket naming (`push[payload]`, repeated `push[files][]`). Multipart file parts stay Blobs.
 */
import { bodyStream, readStream } from './bytes';
import { boundaryOf, parseMultipart } from './multipart';
import { badRequest, payloadTooLarge } from './responses';
import type { Params } from './coerce';

export type BodyResult = { ok: true; params: Params } | { ok: false; response: Response };

/**
 * The body's bytes; 'too-large' when there are more than `max`; 'unreadable' when the body stream failed
 * before its end (the client went away, or a host in front cut it off): bad input, not an engine fault.
 */
export async function readBytes(
  request: Request,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | 'too-large' | 'unreadable'> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return 'too-large';
  const body = await bodyStream(request);
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const read = await readStream(body, max, (chunk) => {
    chunks.push(chunk);
    total += chunk.byteLength;
    return true;
  });
  if (read !== 'done') return read === 'too-large' ? 'too-large' : 'unreadable';
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The largest JSON or urlencoded body: the biggest valid create (a 1,048,576-character payload written
 * entirely as `\uXXXX\uXXXX` surrogate pairs, 12 bytes a character, with every other field at its cap)
 * fits; anything larger is refused with 413 as soon as that many bytes arrived. Multipart bodies carry
 * files and are held to the host's whole limit instead. A limit of the mock, not a claim about real servers.
 */
export const STRUCTURED_MAX_BYTES = 13 * 1024 * 1024;

async function parseMultipartBody(request: Request, rawType: string, max: number): Promise<BodyResult> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return { ok: false, response: payloadTooLarge() };
  const boundary = boundaryOf(rawType);
  const body = await bodyStream(request);
  if (!boundary || !body) return { ok: false, response: badRequest() }; // Rails answers 400 too
  const entries = await parseMultipart(body, boundary, max);
  if (entries === 'too-large') return { ok: false, response: payloadTooLarge() };
  if (typeof entries === 'string') return { ok: false, response: badRequest() };
  return { ok: true, params: fromEntries(entries) };
}

function parseText(body: string, type: string): BodyResult {
  if (type.startsWith('application/x-www-form-urlencoded')) {
    // Rack refuses a malformed %-escape ("invalid %-encoding") with 400 before any controller runs.
    if (/%(?![0-9a-f]{2})/i.test(body)) return { ok: false, response: badRequest() };
    return { ok: true, params: fromEntries(new URLSearchParams(body).entries()) };
  }
  if (type === '' || type.includes('json')) {
    if (body.trim() === '') return { ok: true, params: {} };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { ok: false, response: badRequest() }; // malformed JSON is Rails' 400 Bad Request
    }
    const params = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
    return { ok: true, params: params as Params };
  }
  return { ok: true, params: {} }; // a type Rails does not parse: no parameters at all
}

export async function parseBody(request: Request, max: number): Promise<BodyResult> {
  const rawType = request.headers.get('content-type') ?? '';
  const type = rawType.toLowerCase();
  if (type.startsWith('multipart/form-data')) return parseMultipartBody(request, rawType, max);
  const bytes = await readBytes(request, Math.min(max, STRUCTURED_MAX_BYTES));
  if (bytes === 'too-large') return { ok: false, response: payloadTooLarge() };
  if (bytes === 'unreadable') return { ok: false, response: badRequest() };
  return parseText(new TextDecoder().decode(bytes), type);
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Builds `{push: {payload: 'x', files: [blob, blob]}}` from `push[payload]`, `push[files][]`, … */
export function fromEntries(entries: Iterable<[string, FormDataEntryValue]>): Params {
  const root: Params = {};
  for (const [key, value] of entries) assign(root, key, value);
  return root;
}

function assign(root: Params, key: string, value: unknown): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  const parts = match
    ? [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)]
    : [key];
  if (parts.some((part) => UNSAFE_KEYS.has(part))) return;
  let node: Params = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    if (part === '') return; // arrays of objects (`a[][b]`) are not part of this API
    const wantsArray = parts[i + 1] === '';
    const existing = Object.hasOwn(node, part) ? node[part] : undefined;
    if (wantsArray && i + 1 === parts.length - 1) {
      const list = Array.isArray(existing) ? existing : [];
      list.push(value);
      node[part] = list;
      return;
    }
    if (
      typeof existing !== 'object' ||
      existing === null ||
      Array.isArray(existing) ||
      existing instanceof Blob
    ) {
      node[part] = {};
    }
    node = node[part] as Params;
  }
  const last = parts[parts.length - 1] as string;
  if (last !== '') node[last] = value;
}
