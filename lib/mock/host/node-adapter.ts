/**
 * Conversion between node:http and the web `Request`/`Response` the mock engine speaks. The request body is
 * streamed through a byte counter, so an oversized upload is refused as soon as it crosses the limit
 * instead of being buffered first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PAYLOAD_TOO_LARGE } from '@/lib/contract';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** The 413 the host answers itself, before or instead of the engine (the engine's own, as text). */
export const PAYLOAD_TOO_LARGE_BODY = JSON.stringify(PAYLOAD_TOO_LARGE);

/** Raised inside the request body stream when the client sends more than the limit. */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
}

/** The client's address as the engine should see it (IPv4-mapped IPv6 reduced to plain IPv4). */
export function clientAddress(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  return address?.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

/** The declared body length, or undefined when the client streams without one. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

function hasBody(req: IncomingMessage): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return (declaredLength(req) ?? 0) > 0;
}

/**
 * The request body as a web stream that errors with PayloadTooLargeError (and calls `onTooLarge` once) as
 * soon as more than `limit` bytes arrived. Reading is pull-driven, so a slow engine slows the client down.
 */
function limitedBody(
  req: IncomingMessage,
  limit: number,
  onTooLarge: () => void,
  state: { finished: boolean },
): ReadableStream<Uint8Array> {
  let received = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (state.finished) return;
          received += chunk.byteLength;
          if (received > limit) {
            state.finished = true;
            onTooLarge();
            controller.error(new PayloadTooLargeError(`Request body exceeds ${limit} bytes`));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => {
          if (state.finished) return;
          state.finished = true;
          controller.close();
        });
        req.on('error', (error) => {
          if (state.finished) return;
          state.finished = true;
          controller.error(error);
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        // The engine no longer wants the body: let node discard the rest without keeping it.
        state.finished = true;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** A converted request, and whether its body still has bytes nobody read (none once it ended or failed). */
export interface WebRequest {
  request: Request;
  bodyUnread: () => boolean;
}

/**
 * Builds the web Request for an incoming message. `baseUrl` has no trailing slash; the request target must
 * be origin-form (`/path?query`), anything else throws a TypeError that the caller answers with 400.
 */
export function toWebRequest(
  req: IncomingMessage,
  baseUrl: string,
  maxBodyBytes: number,
  onTooLarge: () => void,
): WebRequest {
  const target = req.url ?? '';
  if (!target.startsWith('/')) throw new TypeError('Request target is not a path');
  const url = new URL(baseUrl + target);
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method ?? 'GET', headers };
  const state = { finished: !hasBody(req) };
  if (!state.finished) {
    init.body = limitedBody(req, maxBodyBytes, onTooLarge, state);
    init.duplex = 'half'; // required by fetch for a streamed request body
  }
  return { request: new Request(url, init), bodyUnread: () => !state.finished };
}

/** Writes a web Response to node, keeping repeated Set-Cookie headers apart and honouring backpressure. */
export async function writeWebResponse(
  res: ServerResponse,
  response: Response,
  method: string,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (response.body === null || method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
}

/** A small JSON error answer written straight to node (used before or instead of the engine). */
export function writeJsonError(
  res: ServerResponse,
  status: number,
  body: string,
  extraHeaders: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...extraHeaders,
  });
  res.end(body);
}
