/**
 * A node:http server that hands every request to a web-standard handler. It knows nothing about pushes:
 * it only converts, limits request bodies and keeps serving when the handler throws.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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

/**
 * What one local client may hold of the host (issue 40): each a command-line option (cli-args.ts), each
 * default written in README's reliability section.
 */
export const HOST_LIMITS = {
  /** Open connections; past it the longest-idle one is closed (none idle: the new one is). */
  maxConnections: 1000,
  /** From a connection's first byte (or its last request) until a request's headers are all in. */
  headersTimeoutMs: 10_000,
  /** From a request's first byte until its body is all in: a slow sender is cut off. */
  requestTimeoutMs: 120_000,
  /** A connection that sends nothing at all for this long is closed, whatever it is doing. */
  idleTimeoutMs: 30_000,
  /** A kept-alive connection with no request for this long is closed. */
  keepAliveTimeoutMs: 5_000,
};
export type HostLimits = typeof HOST_LIMITS;

export interface HttpHostOptions extends Partial<HostLimits> {
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

/** The options given, without those left undefined (which keep their defaults). */
function definedOf(options: Partial<HostLimits>): Partial<HostLimits> {
  return Object.fromEntries(
    Object.keys(HOST_LIMITS)
      .map((key) => [key, options[key as keyof HostLimits]] as const)
      .filter(([, value]) => value !== undefined),
  );
}

/**
 * At most `max` open connections. Past it, the connection idle the longest (no request under way: none yet,
 * or its last one answered; one still sending its headers counts as idle) is closed to make room, so a client holding many idle sockets cannot lock others out; with none idle, the new one is
 * refused (closed at once).
 */
function capConnections(server: Server, max: number): void {
  // Insertion order is the order connections last became idle: the first idle one found is the oldest.
  const idle = new Set<Socket>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    idle.add(socket);
    socket.once('close', () => {
      open--;
      idle.delete(socket);
    });
    if (open <= max) return;
    // The new socket is the last one in: it is closed only when no other is idle.
    (idle.values().next().value as Socket).destroy();
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const { socket } = req;
    idle.delete(socket);
    res.once('close', () => {
      if (!socket.destroyed) idle.add(socket);
    });
  });
}

export async function listenHttp(options: HttpHostOptions = {}): Promise<HttpHost> {
  const hostname = options.hostname ?? '127.0.0.1';
  const logError = options.logError ?? ((line: string) => console.error(line));
  const state: HostState = {
    baseUrl: '',
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    logError,
  };

  const limits = { ...HOST_LIMITS, ...definedOf(options) };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above every 30 s by default; a tenth of the shorter is checked often enough.
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10,
      ),
    },
    (req, res) => {
      handle(state, req, res).catch((error: unknown) => {
        // A failure while writing (client gone, body stream broke): nothing more can be sent on this socket.
        logError(describeFailure(req, error));
        if (!res.headersSent) writeJsonError(res, 500, INTERNAL_ERROR_BODY);
        else res.destroy();
      });
    },
  );
  // A socket that never sends a byte has no headers to time out (checked: Node 20 leaves it open for ever).
  server.timeout = limits.idleTimeoutMs;
  capConnections(server, limits.maxConnections);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A queue of pending connections as long as the cap (Node's default is 511): a burst past it is taken in
    // and answered by the cap's rule, rather than left half-open in the kernel, where a normal client's
    // connection would wait behind it.
    const backlog = Math.max(511, limits.maxConnections);
    server.listen({ port: options.port ?? 8787, host: hostname, backlog }, () => {
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
