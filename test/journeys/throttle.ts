/**
 * The one loopback proxy in front of the mock host: request bodies go through at a fixed rate (an upload's
 * progress can be seen on any machine; Infinity: at once), and `intercept` may answer a request itself (a
 * create held, secrets/cancelled.ts; a recorder, recorded-host.ts). Answers name the proxy where the host
 * named itself, as behind a reverse proxy: the extension refuses a link to another origin (issue 9).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Throttle {
  url: string;
  /** Closes it (and the held creates' connections); closing again changes nothing. */
  close(): Promise<void>;
}

/** Sees a request before it is passed on; returns true when it has taken the request over. */
export type Intercept = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

/** Proxies to `upstream`, reading each request body at about `bytesPerSecond`. */
export async function startThrottle(
  upstream: string,
  bytesPerSecond: number,
  intercept: Intercept = () => false,
): Promise<Throttle> {
  const target = new URL(upstream);
  let self = '';
  const server = http.createServer((request, response) => {
    if (intercept(request, response)) return;
    const forward = { path: request.url, method: request.method, headers: request.headers };
    const out = http.request(target, forward, async (answer) => {
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      const body = Buffer.from(Buffer.concat(chunks).toString('latin1').replaceAll(upstream, self), 'latin1');
      // The body is passed on whole, with its length: no longer in the upstream's chunks, if it had them.
      const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
      response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': body.length });
      response.end(body);
    });
    out.on('error', () => response.destroy());
    request.on('data', (chunk: Buffer) => {
      out.write(chunk);
      request.pause();
      setTimeout(() => request.resume(), Math.max(1, (chunk.length / bytesPerSecond) * 1000));
    });
    request.on('end', () => out.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closed: Promise<void> | undefined;
  return {
    url: self,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        // Keep-alive connections (and a held request) would keep close() waiting.
        server.closeAllConnections();
        server.close(() => resolve());
      })),
  };
}

/** A loopback server of the test's own: this proxy answering every request itself (`answer` returns true). */
export const serve = (answer: Intercept) => startThrottle('http://127.0.0.1:9', Infinity, answer);
