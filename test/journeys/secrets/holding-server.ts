/**
 * A server that answers everything through the mock host except creates, which it holds without an answer:
 * a create that can be abandoned while it waits. Once closed, the next create fails (nothing listens).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingServer {
  url: string;
  close(): Promise<void>;
}

/** Passes a request on to `upstream` and its answer back. */
function forward(upstream: string, request: http.IncomingMessage, response: http.ServerResponse): void {
  const headers: Record<string, string> = {};
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  fetch(`${upstream}${request.url}`, { method: request.method, headers }).then(
    async (answer) => {
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    },
    () => response.destroy(),
  );
}

export async function startHoldingServer(upstream: string): Promise<HoldingServer> {
  const server = http.createServer((request, response) => {
    if (request.method === 'POST' && request.url?.startsWith('/api/v2/pushes')) {
      request.resume(); // read the body, never answer
      return;
    }
    forward(upstream, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        // Keep-alive connections (and the held create) would keep close() waiting.
        server.closeAllConnections();
        server.close(() => resolve());
      })),
  };
}
