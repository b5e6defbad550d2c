/**
 * A node:http server that hands every request to a web-standard handler. It knows nothing about pushes:
 * it only converts, limits request bodies and keeps serving when the handler throws.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchRoute } from '../routes';
import {
  clientAddress,
  declaredLength,
  PAYLOAD_TOO_LARGE_BODY,
  toWebRequest,
  writeJsonError,
  type WebRequest,
  writeWebResponse,
} from './node-adapter';

export type WebHandler = (request: Request, info?: { ip?: string }) => Promise<Response>;

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface HttpHostOptions {
  port?: number;
  hostname?: string;
  maxBodyBytes?: number;
  /** Where handler failures are reported; default console.error. Gets no request body or query string. */
  logError?: (line: string) => void;
}

export interface HttpHost {
  /** `http://host:port`, no trailing slash; known once listening, so port 0 gives the real port. */
  readonly baseUrl: string;
  /** Installs the handler; until then every request gets 503. */
  serve(handler: WebHandler): void;
  /** Stops accepting, ends open (also keep-alive) connections and resolves once the server is closed. */
  close(): Promise<void>;
}

const INTERNAL_ERROR_BODY = '{"status":500,"error":"Internal Server Error"}';
const BAD_REQUEST_BODY = '{"status":400,"error":"Bad Request"}';
const UNAVAILABLE_BODY = '{"status":503,"error":"Service Unavailable"}';

function describeFailure(req: IncomingMessage, error: unknown): string {
  // Only the method, the route's name (a path carries a url_token, its query may carry a passphrase) and
  // the error's class and message from the engine's own code; never a body.
  const method = req.method ?? 'GET';
  const route = matchRoute(method, (req.url ?? '').split('?')[0] ?? '')?.name ?? 'unknown route';
  const kind = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
  return `mock host: ${method} ${route} failed (${kind})`;
}

/** What the host's request handling reads; `handler` and `baseUrl` are filled in as the host starts. */
interface HostState {
  handler?: WebHandler;
  baseUrl: string;
  maxBodyBytes: number;
  logError: (line: string) => void;
}

/** 413 with `connection: close`: the engine's own 413 when it gave one (an HTML page for a form), else JSON. */
async function writeTooLarge(req: IncomingMessage, res: ServerResponse, response?: Response): Promise<void> {
  // Stop reading the upload once the answer is out, rather than letting node drain (and discard) it all.
  res.once('finish', () => req.socket.destroySoon());
  if (response?.status === 413) {
    res.setHeader('connection', 'close');
    await writeWebResponse(res, response, req.method ?? 'POST');
    return;
  }
  await response?.body?.cancel();
  writeJsonError(res, 413, PAYLOAD_TOO_LARGE_BODY, { connection: 'close' });
}

async function handle(state: HostState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let tooLarge = false;
  const refuseTooLarge = () => {
    if (res.headersSent) return; // the engine answered without reading the whole body: nothing to refuse
    tooLarge = true;
  };
  const length = declaredLength(req);
  if (length !== undefined && length > state.maxBodyBytes) return writeTooLarge(req, res);
  if (!state.handler) return writeJsonError(res, 503, UNAVAILABLE_BODY);
  let converted: WebRequest;
  try {
    converted = toWebRequest(req, state.baseUrl, state.maxBodyBytes, refuseTooLarge);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return writeJsonError(res, 400, BAD_REQUEST_BODY, { connection: 'close' });
  }
  const { request, bodyUnread } = converted;
  let response: Response;
  try {
    response = await state.handler(request, { ip: clientAddress(req) });
  } catch (error) {
    // The handler only saw its body stream fail when the body was too large: not its fault.
    if (tooLarge) return writeTooLarge(req, res);
    state.logError(describeFailure(req, error));
    return writeJsonError(res, 500, INTERNAL_ERROR_BODY);
  }
  if (tooLarge) return writeTooLarge(req, res, response);
  if (bodyUnread()) {
    // Answered without reading the whole body (a bad token, an unknown path): the rest of it would sit in
    // front of the client's next request on this connection, so the connection ends with this answer.
    res.setHeader('connection', 'close');
    res.once('finish', () => req.socket.destroySoon());
  }
  await writeWebResponse(res, response, request.method);
}

export async function listenHttp(options: HttpHostOptions = {}): Promise<HttpHost> {
  const hostname = options.hostname ?? '127.0.0.1';
  const logError = options.logError ?? ((line: string) => console.error(line));
  const state: HostState = {
    baseUrl: '',
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    logError,
  };

  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      // A failure while writing (client gone, body stream broke): nothing more can be sent on this socket.
      logError(describeFailure(req, error));
      if (!res.headersSent) writeJsonError(res, 500, INTERNAL_ERROR_BODY);
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: state.baseUrl,
    serve(next) {
      state.handler = next;
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
