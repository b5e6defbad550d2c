// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
// happy-dom's page (localhost:3000) talks to loopback servers on other ports, as the popup with host
// permission does; its same-origin policy is off for this file (as in test/lib/api/upload-redirect.test.ts).
/** The popup's file uploads: no byte follows a redirect to another origin (issue 9 #6), and the upload still made. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileClient } from '@/lib/upload/file-client';
import { startMockHost } from '@/lib/mock/host/server';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import type { Settings } from '@/lib/settings';

const VERSION = { application_version: '2.1.0', api_version: '2.1', edition: 'commercial', features: {} };
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: (req: http.IncomingMessage, bytes: number, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => handler(req, bytes, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const settingsFor = (url: string): Settings => ({
  demoMode: false,
  server: { kind: 'self-hosted', url },
  token: 'tok',
  tokenOrigin: url,
  tokenPlace: 'device',
  servers: [],
  defaultServer: null,
  defaults: DEFAULT_PUSH_DEFAULTS,
});
const FILE = { name: 'keys.txt', type: 'text/plain', data: new Blob(['the secret file']) };

describe('fileClient', () => {
  it('sends no byte of the file to another origin a 307 points to', async () => {
    const received: string[] = [];
    const elsewhere = await listen((req, bytes, res) => {
      received.push(`${req.method} ${req.url} ${bytes} bytes`);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
    const server = await listen((req, _bytes, res) => {
      if (req.url?.startsWith('/api/v2/version'))
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERSION));
      else res.writeHead(307, { location: `${elsewhere}${req.url}` }).end();
    });
    const client = fileClient(settingsFor(server), () => {});
    await expect(client.createPush({ kind: 'file', files: [FILE] })).rejects.toMatchObject({
      code: 'not-secret-push',
    });
    expect(received).toEqual([]);
  });

  it('asks the server version through the popup client only: the upload client reuses it', async () => {
    const seen: string[] = [];
    const server = await listen((req, bytes, res) => {
      seen.push(`${req.method} ${req.url} ${bytes > 0 ? 'with body' : 'no body'}`);
      if (req.url?.startsWith('/api/v2/version'))
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERSION));
      else res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"no push"}');
    });
    const version = vi.fn(async () => VERSION);
    const client = fileClient(settingsFor(server), () => {}, version);
    await expect(client.createPush({ kind: 'file', files: [FILE] })).rejects.toMatchObject({
      code: 'bad-request',
    });
    expect(version).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['POST /api/v2/pushes no body', 'POST /api/v2/pushes with body']);
  });

  // happy-dom's XMLHttpRequest fires no upload progress: test/journeys/options.journey.ts checks it in both browsers.
  it('uploads where no redirect waits', async () => {
    const host = await startMockHost({ port: 0, users: [{ email: 'a@example.com', token: 'tok' }] });
    try {
      const client = fileClient(settingsFor(host.baseUrl), () => {});
      const { push } = await client.createPush({ kind: 'file', files: [FILE] });
      expect(push.html_url.startsWith(`${host.baseUrl}/`)).toBe(true);
    } finally {
      await host.close();
    }
  });
});
