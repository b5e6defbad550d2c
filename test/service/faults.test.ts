/**
 * The client against real servers that fail (issue 9, "Fuzz and faults"): down, reset mid-upload, 500, 502
 * with an HTML body, 429 with Retry-After, an answer that never comes or never ends, malformed JSON, and a
 * redirect to another origin. For each: the user's words (describeError), and a create sent exactly once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, describeError } from '@/lib/api';
import { isAppError } from '@/lib/errors';

const VERSION = { application_version: '2.1.0', api_version: '2.1', edition: 'commercial', features: {} };
type Fault = (req: IncomingMessage, res: ServerResponse) => void;

interface FaultServer {
  baseUrl: string;
  /** Requests that reached anything but /api/v2/version, as "METHOD path". */
  calls: string[];
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers
      .splice(0)
      .map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))),
  );
});

/** A server whose version endpoint is healthy and whose every other answer is `fault`. */
async function faultServer(fault: Fault): Promise<FaultServer> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/api/v2/version')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERSION));
      return;
    }
    calls.push(`${req.method} ${req.url}`);
    fault(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const client = (baseUrl: string) =>
  createApiClient({ baseUrl, token: 'tok', timeoutMs: 500, sleep: async () => undefined });

/** The error a create fails with, as the user reads it. */
async function createFails(baseUrl: string): Promise<{ code: string; words: string }> {
  try {
    await client(baseUrl).createPush({ payload: 'hunter2', expire_after_views: 1 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { code: error.code, words: describeError(error) };
  }
  throw new Error('the create succeeded');
}

const GENERIC = 'Something went wrong in the extension.';

describe('client faults over real HTTP', () => {
  it('server down: a network error that says to check the address', async () => {
    const down = await faultServer(() => undefined);
    const closed = servers.pop()!;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { code, words } = await createFails(down.baseUrl);
    expect(code).toBe('network');
    expect(words).toMatch(/could not be reached/);
  });

  it.each<[string, Fault, string, RegExp]>([
    [
      'a connection reset mid-upload',
      (req) => req.once('data', () => req.socket.destroy()),
      'network',
      /reached/,
    ],
    [
      'a 500',
      (_, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}'),
      'http',
      /HTTP 500/,
    ],
    [
      'a 502 with an HTML body',
      (_, res) =>
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>Bad Gateway</h1></html>'),
      'http',
      /HTTP 502/,
    ],
    [
      'a 429 with Retry-After',
      (_, res) =>
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '120' }).end('Retry later'),
      'rate-limited',
      /120 seconds/,
    ],
    ['an answer that never comes', () => undefined, 'timeout', /too long/],
    [
      'an answer that never ends',
      (_, res) => res.writeHead(201, { 'content-type': 'application/json' }).write('{"url_token":'),
      'timeout',
      /too long/,
    ],
    [
      'malformed JSON',
      (_, res) => res.writeHead(201, { 'content-type': 'application/json' }).end('{"url_token":'),
      'not-secret-push', // as a 200 that is not JSON (canned-servers.test.ts)
      /not a secret-push server/,
    ],
  ])('%s: its own words, and the create sent once', async (_, fault, code, words) => {
    const server = await faultServer(fault);
    const failed = await createFails(server.baseUrl);
    expect(failed.code).toBe(code);
    expect(failed.words).toMatch(words);
    expect(failed.words).not.toBe(GENERIC);
    expect(failed.words).not.toContain('hunter2');
    expect(server.calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/v2/pushes']);
  });

  it.each([307, 308])('a %i to another origin: refused, and nothing reaches that origin', async (status) => {
    const elsewhere = await faultServer((_, res) => res.writeHead(201).end('{}'));
    const server = await faultServer((req, res) =>
      res.writeHead(status, { location: `${elsewhere.baseUrl}${req.url}` }).end(),
    );
    const failed = await createFails(server.baseUrl);
    expect(failed.code).toBe('not-secret-push');
    expect(elsewhere.calls).toEqual([]);
    expect(server.calls).toHaveLength(1);
  });
});
