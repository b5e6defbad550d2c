/**
 * A Node mock host behind a recorder (the journeys' one proxy, throttle.ts) that keeps every request's method,
 * path and Authorization header before passing it on: how a journey checks, on the server's side, which
 * token the extension sent. The extension only ever sees the recorder's address.
 */
import { startMockHost, type MockHostOptions } from '@/lib/mock/host/server';
import { startThrottle } from './throttle';

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
   * While set, a request with an Authorization header is answered with a 307 to its path on this base URL: a
   * server sending its signed-in clients to another origin (the anonymous version check still passes).
   */
  redirectTo?: string;
  /**
   * While set, sees each request after it was recorded and may answer it itself (returns true): a server's
   * 429 (expire-all.journey.ts). The request then never reaches the mock.
   */
  answer?: (
    request: import('node:http').IncomingMessage,
    response: import('node:http').ServerResponse,
  ) => boolean;
  close(): Promise<void>;
}

/** Starts a mock host with `options` and a recorder in front of it, on a free loopback port. */
export async function startRecordedHost(options: MockHostOptions = {}): Promise<RecordedHost> {
  const target = await startMockHost({ rateLimit: 0, ...options, port: 0 });
  const received: Received[] = [];
  const recorder = await startThrottle(target.baseUrl, Infinity, (req, res) => {
    const { authorization } = req.headers;
    received.push({ method: req.method ?? 'GET', path: req.url ?? '/', authorization });
    if (host.answer?.(req, res)) return true;
    if (!host.redirectTo || authorization === undefined) return false;
    req.resume();
    res
      .writeHead(307, { Location: `${host.redirectTo}${req.url}`, 'Access-Control-Allow-Origin': '*' })
      .end();
    return true;
  });
  const host: RecordedHost = {
    baseUrl: recorder.url,
    name: new URL(recorder.url).host,
    received,
    async close() {
      await recorder.close();
      await target.close();
    },
  };
  return host;
}
