// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
// happy-dom's page (localhost:3000) talks to loopback servers on other ports, as an extension page with
// host permission does; its same-origin policy is off for this file (as in upload.test.ts).
/**
 * No byte of a secret file leaves for an origin the user did not choose (issue 9, §6): XMLHttpRequest
 * re-sends a body on a 307/308 by itself, so the upload must learn of a redirect before it sends one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { createUploadFetch, withRedirectProbe } from '@/lib/api/upload';

const VERSION = { application_version: '2.1.0', api_version: '2.1', edition: 'commercial', features: {} };
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('file uploads and a redirect to another origin', () => {
  it.each([307, 308])('send nothing to the other origin when the create is answered %i', async (status) => {
    const received: string[] = [];
    const elsewhere = await listen((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${bytes} bytes`);
        res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const server = await listen((req, res) => {
      req.resume();
      if (req.url?.startsWith('/api/v2/version')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERSION));
        return;
      }
      res.writeHead(status, { location: `${elsewhere}${req.url}` }).end();
    });
    const client = createApiClient({
      baseUrl: server,
      token: 'tok',
      fetch: withRedirectProbe(createUploadFetch()),
    });
    const file = { name: 'keys.txt', type: 'text/plain', data: new Blob(['the secret file']) };
    await expect(client.createPush({ kind: 'file', files: [file] })).rejects.toMatchObject({
      code: 'not-secret-push',
    });
    expect(received).toEqual([]);
  });

  it('lets the create through where no redirect waits, and the probe carries no body', async () => {
    const seen: string[] = [];
    const server = await listen((req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${bytes > 0 ? 'with' : 'without'} body`);
        if (req.url?.startsWith('/api/v2/version'))
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERSION));
        else if (bytes === 0)
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"param is missing"}');
        else res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const send = withRedirectProbe(createUploadFetch());
    const response = await send(`${server}/api/v2/pushes`, {
      method: 'POST',
      body: new Blob(['file bytes']),
    });
    expect(response.status).toBe(201);
    expect(seen).toEqual(['POST /api/v2/pushes without body', 'POST /api/v2/pushes with body']);
  });
});
