/**
 * A Node mock host behind a loopback recorder (the journeys' one proxy, throttle.ts): every request that
 * reaches the recorder is kept (method, path and its Authorization header, if any) and then forwarded to the
 * mock host. The mock host keeps no log of requests, so this is how a journey checks on a server's own side
 * which token, if any, the extension sent it. The extension only ever sees the recorder's address (its origin).
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
   * While set, every request that carries an Authorization header is answered (after being recorded) with a
   * 307 to the same path on this base URL instead of being forwarded: a server that sends its signed-in
   * clients to another origin (the anonymous version check still passes, so the extension goes on to them).
   */
  redirectTo?: string;
  close(): Promise<void>;
}

/** Starts a mock host with `options` and a recorder in front of it, on a free loopback port. */
export async function startRecordedHost(options: MockHostOptions = {}): Promise<RecordedHost> {
  const target = await startMockHost({ rateLimit: 0, ...options, port: 0 });
  const received: Received[] = [];
  const recorder = await startThrottle(target.baseUrl, Infinity, (req, res) => {
    const { authorization } = req.headers;
    received.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      ...(authorization === undefined ? {} : { authorization }),
    });
    if (!host.redirectTo || authorization === undefined) return false;
    req.resume();
    res.writeHead(307, {
      Location: `${host.redirectTo}${req.url ?? '/'}`,
      'Access-Control-Allow-Origin': '*',
    });
    res.end();
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
