/**
 * A Node mock host behind a loopback recorder: every request that reaches the recorder is kept (method, path
 * and its Authorization header, if any) and then forwarded to the mock host, whose answer goes back as it
 * is. The mock host keeps no log of requests, so this is how a journey checks on a server's own side which
 * token, if any, the extension sent it. The extension only ever sees the recorder's address (its origin).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMockHost, type MockHostOptions } from '@/lib/mock/host/server';

export interface Received {
  method: string;
  path: string;
  /** The Authorization header as received; undefined when the request had none. */
  authorization?: string;
}

export interface RecordedHost {
  /** The address to give the extension: the recorder's. */
  baseUrl: string;
  /** `host:port`, as the pages name a server. */
  name: string;
  /** Every request received so far, in order. */
  received: Received[];
  /**
   * While set, every request that carries an Authorization header is answered (after being recorded) with a
   * 307 to the same path on this base URL instead of being forwarded: a server that sends its signed-in
   * clients to another origin (the anonymous version check still passes, so the extension goes on to them).
   */
  redirectTo?: string;
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding']);

/** Starts a mock host with `options` and a recorder in front of it, on a free loopback port. */
export async function startRecordedHost(options: MockHostOptions = {}): Promise<RecordedHost> {
  const target = await startMockHost({ rateLimit: 0, ...options, port: 0 });
  const received: Received[] = [];
  const host: RecordedHost = {
    baseUrl: '', // the recorder's, once it listens
    name: '',
    received,
    async close() {
      recorder.closeAllConnections();
      await new Promise((resolve) => recorder.close(resolve));
      await target.close();
    },
  };
  const recorder = http.createServer((req, res) => {
    const { authorization } = req.headers;
    received.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      ...(authorization === undefined ? {} : { authorization }),
    });
    if (host.redirectTo && authorization !== undefined) {
      req.resume();
      res.writeHead(307, {
        Location: `${host.redirectTo}${req.url ?? '/'}`,
        'Access-Control-Allow-Origin': '*',
      });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !HOP_HEADERS.has(name)),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(`${target.baseUrl}${req.url}`, { method: req.method, headers, body, redirect: 'manual' }).then(
        async (answer) => {
          const answered = Object.fromEntries(
            [...answer.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
          );
          res.writeHead(answer.status, answered);
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => res.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const { port } = recorder.address() as AddressInfo;
  host.baseUrl = `http://127.0.0.1:${port}`;
  host.name = `127.0.0.1:${port}`;
  return host;
}
