/**
 * JSON-safe wire forms of Request and Response, so that fetch-shaped calls can cross runtime messaging.
 * Chrome serialises runtime messages as JSON, so Blob, ArrayBuffer and Headers would not survive: bodies
 * travel as base64 bytes (multipart bodies included, byte for byte) and headers as ordered pairs.
 */
import { lazySchema, memo, z } from '@/lib/zod';

// Built on first use (lib/zod.ts lazySchema): only demo mode's messages carry these forms.
const headerPairs = memo(() => z.array(z.tuple([z.string(), z.string()])));

export const wireRequestSchema = lazySchema(() =>
  z.object({
    method: z.string().check(z.minLength(1)),
    url: z.string().check(z.minLength(1)),
    headers: headerPairs(),
    /** base64 of the body bytes; null when the request has no body */
    body: z.nullable(z.string()),
  }),
);
export type WireRequest = z.infer<typeof wireRequestSchema>;

export const wireResponseSchema = lazySchema(() =>
  z.object({
    status: z.number().check(z.int(), z.gte(200), z.lte(599)),
    statusText: z.string(),
    headers: headerPairs(),
    /** base64 of the body bytes; null when the response has no body */
    body: z.nullable(z.string()),
  }),
);
export type WireResponse = z.infer<typeof wireResponseSchema>;

/** Statuses whose Response must be built with a null body (the Response constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

// btoa/atob work on "binary strings"; converting in chunks keeps String.fromCharCode's argument list small.
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function headersToPairs(headers: Headers): Array<[string, string]> {
  return [...headers];
}

/**
 * The bytes of a request's body (consuming it), or null without one; GET and HEAD never carry one. Read with
 * arrayBuffer(), not through request.body's stream: Firefox (153) has no Request.prototype.body, so there
 * `request.body` is undefined (never null) and the bytes are read, as they must be.
 */
export async function requestBodyBytes(request: Request): Promise<Uint8Array | null> {
  if (request.body === null || request.method === 'GET' || request.method === 'HEAD') return null;
  return new Uint8Array(await request.arrayBuffer());
}

/** A request's wire form, from its body bytes already read (a body can be read only once). */
export function toWireRequest(request: Request, body: Uint8Array | null): WireRequest {
  return {
    method: request.method,
    url: request.url,
    headers: headersToPairs(request.headers),
    body: body && bytesToBase64(body),
  };
}

/** Reads a Request (consuming its body) into its wire form. */
export async function requestToWire(request: Request): Promise<WireRequest> {
  return toWireRequest(request, await requestBodyBytes(request));
}

/** Builds a Request from its wire form; an optional signal lets the receiver tie it to a local abort. */
export function wireToRequest(wire: WireRequest, init: { signal?: AbortSignal } = {}): Request {
  const canHaveBody = wire.method !== 'GET' && wire.method !== 'HEAD';
  return new Request(wire.url, {
    method: wire.method,
    headers: wire.headers,
    body: canHaveBody && wire.body !== null ? base64ToBytes(wire.body) : null,
    signal: init.signal,
  });
}

/** Reads a Response (consuming its body) into its wire form. */
export async function responseToWire(response: Response): Promise<WireResponse> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: headersToPairs(response.headers),
    body: response.body === null ? null : bytesToBase64(new Uint8Array(await response.arrayBuffer())),
  };
}

/** Builds a Response from its wire form. */
export function wireToResponse(wire: WireResponse): Response {
  const body = NULL_BODY_STATUSES.has(wire.status) || wire.body === null ? null : base64ToBytes(wire.body);
  return new Response(body, { status: wire.status, statusText: wire.statusText, headers: wire.headers });
}
