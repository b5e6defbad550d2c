/**
 * The HTTP layer of the Node host on its own, with hand-written handlers: conversion both ways, body limits,
 * handler failures and shutdown. The engine is not involved here.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenHttp, type HttpHost, type WebHandler } from '@/lib/mock/host/http-host';
import { getFrom, readReply } from './http';

const hosts: HttpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function serve(handler: WebHandler, options: { maxBodyBytes?: number; logs?: string[] } = {}) {
  const host = await listenHttp({
    port: 0,
    maxBodyBytes: options.maxBodyBytes,
    logError: (line) => options.logs?.push(line),
  });
  host.serve(handler);
  hosts.push(host);
  return host;
}

/** Echoes what the handler received, as JSON. */
const echo: WebHandler = async (request, info) => {
  const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
  return Response.json({
    method: request.method,
    url: request.url,
    headers: [...request.headers],
    ip: info?.ip,
    body: bytes ? Buffer.from(bytes).toString('base64') : null,
  });
};

/** Sends raw bytes over a socket and returns everything the server sent back until it closed. */
function rawExchange(baseUrl: string, payload: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(payload));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('node host: request conversion', () => {
  it('listens on 127.0.0.1 with the real port when asked for port 0', async () => {
    const host = await serve(echo);
    expect(host.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(host.baseUrl).port).not.toBe('0');
  });

  it('passes method, absolute URL with query and headers to the handler', async () => {
    const host = await serve(echo);
    const response = await fetch(`${host.baseUrl}/api/v2/pushes/abc?passphrase=x%20y&page=2`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer t0k', 'x-passphrase': 'secret' },
    });
    const seen = await response.json();
    expect(seen.method).toBe('DELETE');
    expect(seen.url).toBe(`${host.baseUrl}/api/v2/pushes/abc?passphrase=x%20y&page=2`);
    expect(seen.headers).toEqual(
      expect.arrayContaining([
        ['authorization', 'Bearer t0k'],
        ['x-passphrase', 'secret'],
      ]),
    );
  });

  it('keeps every value of a repeated request header', async () => {
    const host = await serve(echo);
    const reply = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${host.baseUrl}/echo`, { headers: { 'x-multi': ['one', 'two'] } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    const headers = new Map<string, string>(JSON.parse(reply).headers);
    expect(headers.get('x-multi')).toBe('one, two');
  });

  it('passes the client address without the ::ffff: prefix', async () => {
    const host = await serve(echo);
    expect((await (await fetch(`${host.baseUrl}/`)).json()).ip).toBe('127.0.0.1');
    expect((await getFrom('127.0.0.2', `${host.baseUrl}/`)).body.ip).toBe('127.0.0.2');
  });

  it('streams binary request bodies to the handler byte for byte', async () => {
    const host = await serve(echo);
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7 + 3) % 256);
    const response = await fetch(`${host.baseUrl}/upload`, { method: 'POST', body: bytes });
    const seen = await response.json();
    expect(Buffer.from(seen.body, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });

  it('gives GET requests no body', async () => {
    const host = await serve(echo);
    expect((await (await fetch(`${host.baseUrl}/x`)).json()).body).toBeNull();
  });

  it('answers 400 to a request target that is not a path, and keeps serving', async () => {
    const host = await serve(echo);
    const raw = await rawExchange(
      host.baseUrl,
      'GET http://evil.example/x HTTP/1.1\r\nHost: evil.example\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('{"status":400,"error":"Bad Request"}');
    expect((await fetch(`${host.baseUrl}/after`)).status).toBe(200);
  });
});

describe('node host: response conversion', () => {
  it('writes status, every header (repeated Set-Cookie kept apart) and the body bytes', async () => {
    const bytes = new Uint8Array([0, 255, 1, 254, 10, 13, 0]);
    const host = await serve(async () => {
      const headers = new Headers({ 'content-type': 'application/octet-stream', 'x-page': '3' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      headers.append('link', '<http://x/?page=1>; rel="first"');
      headers.append('link', '<http://x/?page=2>; rel="next"');
      return new Response(bytes, { status: 203, headers });
    });
    const response = await fetch(`${host.baseUrl}/`);
    expect(response.status).toBe(203);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-page')).toBe('3');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('link')).toBe(
      '<http://x/?page=1>; rel="first", <http://x/?page=2>; rel="next"',
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('writes an empty body for a null-body response such as an empty 401', async () => {
    const host = await serve(async () => new Response(null, { status: 401 }));
    const reply = await readReply(await fetch(`${host.baseUrl}/`));
    expect(reply.status).toBe(401);
    expect(reply.text).toBe('');
  });

  it('streams a large response body intact', async () => {
    const big = new Uint8Array(2_000_000).map((_, i) => i % 251);
    const host = await serve(async () => new Response(big));
    const received = new Uint8Array(await (await fetch(`${host.baseUrl}/`)).arrayBuffer());
    expect(received.length).toBe(big.length);
    expect(Buffer.from(received).equals(Buffer.from(big))).toBe(true);
  });
});

describe('node host: failures and limits', () => {
  it('turns a handler exception into a 500 and keeps serving', async () => {
    const logs: string[] = [];
    let calls = 0;
    const host = await serve(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('engine bug');
        return new Response('fine');
      },
      { logs },
    );
    const failed = await readReply(await fetch(`${host.baseUrl}/api/v2/pushes/t?passphrase=hunter2`));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ status: 500, error: 'Internal Server Error' });
    expect(await (await fetch(`${host.baseUrl}/`)).text()).toBe('fine');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('engine bug');
    expect(logs[0]).not.toContain('hunter2'); // the query (where passphrases travel) is never logged
  });

  it('logs the route by name, never the path that carries a url_token', async () => {
    const logs: string[] = [];
    const host = await serve(
      async () => {
        throw new Error('engine bug');
      },
      { logs },
    );
    await fetch(`${host.baseUrl}/api/v2/pushes/secret-token-abc`);
    await fetch(`${host.baseUrl}/p/secret-token-def/r`);
    await fetch(`${host.baseUrl}/no/such/path-ghi`);
    expect(logs).toHaveLength(3);
    expect(logs[0]).toContain('GET retrieve');
    expect(logs[1]).toContain('GET page');
    expect(logs[2]).toContain('GET unknown route');
    for (const line of logs) expect(line).not.toMatch(/secret-token|path-ghi/);
  });

  it('answers 503 before the engine is installed', async () => {
    const host = await listenHttp({ port: 0 });
    hosts.push(host);
    expect((await fetch(`${host.baseUrl}/`)).status).toBe(503);
  });

  it('refuses a declared Content-Length above the limit with 413 without calling the handler', async () => {
    let called = false;
    const host = await serve(
      async () => {
        called = true;
        return new Response('no');
      },
      { maxBodyBytes: 1024 },
    );
    const reply = await readReply(
      await fetch(`${host.baseUrl}/api/v2/pushes`, { method: 'POST', body: 'x'.repeat(1025) }),
    );
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ status: 413, error: 'Payload Too Large' });
    expect(called).toBe(false);
    expect((await fetch(`${host.baseUrl}/`)).status).toBe(200);
  });

  it('accepts a body of exactly the limit', async () => {
    const host = await serve(echo, { maxBodyBytes: 1024 });
    const response = await fetch(`${host.baseUrl}/`, { method: 'POST', body: 'x'.repeat(1024) });
    expect(response.status).toBe(200);
  });

  it('refuses a streamed body with 413 as soon as the bytes read cross the limit', async () => {
    const host = await serve(echo, { maxBodyBytes: 4096 });
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls > 20_000)
          controller.close(); // 20,000 × 1 KiB would be 20 MiB if all were read
        else controller.enqueue(new Uint8Array(1024).fill(65));
      },
    });
    const response = await fetch(`${host.baseUrl}/`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const reply = await readReply(response);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ status: 413, error: 'Payload Too Large' });
    expect(pulls).toBeLessThan(20_000);
    expect((await fetch(`${host.baseUrl}/`)).status).toBe(200);
  });

  it('close() ends idle keep-alive connections and resolves', async () => {
    const host = await listenHttp({ port: 0 });
    host.serve(echo);
    const socket = connect(Number(new URL(host.baseUrl).port), '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    });
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    // The answer came and the connection is idle, kept alive: what close() has to end.
    await new Promise((resolve) => socket.once('data', resolve));
    await host.close();
    await socketClosed;
    await expect(fetch(`${host.baseUrl}/`)).rejects.toThrow();
  });
});
