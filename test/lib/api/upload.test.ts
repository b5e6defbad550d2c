// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
// The test page (happy-dom, localhost:3000) talks to loopback servers on other ports, as an extension page
// with host permission does; happy-dom's same-origin policy would block that, so it is off for this file.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api';
import { createUploadFetch, withCompletionProgress, type UploadProgress } from '@/lib/api/upload';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';

interface Seen {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let base: string;
let seen: Seen[];
/** Set by a test to decide the answer; default echoes the request size. */
let answer: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void;

beforeEach(async () => {
  seen = [];
  answer = (_req, res, body) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ bytes: body.length }));
  };
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createUploadFetch against a loopback server', () => {
  it('sends method, headers and a multipart body, and returns status, headers and body', async () => {
    answer = (_req, res) => {
      res.statusCode = 422;
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('X-Total', '7');
      res.end('{"payload":["is required"]}');
    };
    const form = new FormData();
    form.append('push[files][]', new File([new Uint8Array([0, 1, 2, 255])], 'a.bin'));
    const response = await createUploadFetch()(`${base}/api/v2/pushes`, {
      method: 'POST',
      headers: { Accept: 'application/json', Authorization: 'Bearer t0k' },
      body: form,
    });

    expect(response.status).toBe(422);
    expect(response.headers.get('x-total')).toBe('7');
    expect(await response.json()).toEqual({ payload: ['is required'] });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.authorization).toBe('Bearer t0k');
    expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.body.includes(Buffer.from([0, 1, 2, 255]))).toBe(true);
  });

  it('gives a bodiless answer for 204', async () => {
    answer = (_req, res) => {
      res.statusCode = 204;
      res.end();
    };
    const response = await createUploadFetch()(`${base}/x`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('rejects with a TypeError when nothing listens', async () => {
    const closed = base;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server = http.createServer();
    await expect(createUploadFetch()(`${closed}/x`)).rejects.toBeInstanceOf(TypeError);
  });

  it('rejects with the signal’s reason and stops the request when aborted', async () => {
    answer = () => {}; // never answers: only the abort can end the wait
    const controller = new AbortController();
    const pending = createUploadFetch()(`${base}/slow`, {
      method: 'POST',
      body: 'x',
      signal: controller.signal,
    });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once, sending nothing, when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(createUploadFetch()(`${base}/x`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(seen).toHaveLength(0);
  });
});

/** A scripted XMLHttpRequest: records what the fetch asks of it and lets the test fire upload events. */
class FakeXhr extends EventTarget {
  static last: FakeXhr;
  upload = new EventTarget();
  opened: [string, string] | undefined;
  withCredentials = true;
  responseType = '';
  requestHeaders: Record<string, string> = {};
  sent: unknown;
  aborted = false;
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  responseURL = '';
  readyState = 0;
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\nx-one: 1\r\n';
  }
  progress(loaded: number, total: number, type = 'progress') {
    this.upload.dispatchEvent(Object.assign(new Event(type), { loaded, total, lengthComputable: total > 0 }));
  }
  /** The answer's headers arrived (readyState 2), from `responseURL` after any redirect. */
  headers(status: number, responseURL = this.opened![1]) {
    this.status = status;
    this.responseURL = responseURL;
    this.readyState = 2;
    this.dispatchEvent(new Event('readystatechange'));
  }
  finish(status: number, text: string, responseURL = this.opened![1]) {
    this.readyState = 4;
    this.status = status;
    this.response = new TextEncoder().encode(text).buffer;
    this.responseURL = responseURL;
    this.dispatchEvent(new Event('load'));
  }
}

const fakeFetch = (onProgress?: (p: UploadProgress) => void) =>
  createUploadFetch({ onProgress, XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest });

describe('createUploadFetch with a scripted XMLHttpRequest', () => {
  it('omits credentials and reports upload progress, ending at the full size', async () => {
    const progress: UploadProgress[] = [];
    const pending = fakeFetch((p) => progress.push(p))('https://pp.example/api', {
      method: 'POST',
      body: 'abc',
    });
    const xhr = FakeXhr.last;
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.opened).toEqual(['POST', 'https://pp.example/api']);
    expect(xhr.sent).toBe('abc');
    xhr.progress(10, 100);
    xhr.progress(60, 0);
    xhr.progress(100, 100, 'load');
    xhr.finish(201, '{"ok":true}');
    expect(await (await pending).json()).toEqual({ ok: true });
    expect(progress).toEqual([
      { loaded: 10, total: 100 },
      { loaded: 60, total: undefined },
      { loaded: 100, total: 100 },
    ]);
  });

  it('aborts the XMLHttpRequest when the signal fires', async () => {
    const controller = new AbortController();
    const pending = fakeFetch()('https://pp.example/api', { method: 'POST', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);
  });

  it('reports a followed redirect as a 307 with the final address', async () => {
    const pending = fakeFetch()('https://pp.example/api/v2/pushes.json', { method: 'POST' });
    FakeXhr.last.finish(200, '<html>first run</html>', 'https://pp.example/first_run');
    const response = await pending;
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://pp.example/first_run');
  });
});

describe('createUploadFetch and redirects to another origin', () => {
  it('refuses an answer from another origin as not-secret-push, aborting as soon as its headers arrive', async () => {
    const pending = fakeFetch()('https://pp.example/api/v2/pushes.json', { method: 'POST' });
    FakeXhr.last.headers(200, 'https://elsewhere.example/first_run');
    await expect(pending).rejects.toMatchObject({ code: 'not-secret-push' });
    expect(FakeXhr.last.aborted).toBe(true);
  });

  it('refuses it at load too, when no headers event came first', async () => {
    const pending = fakeFetch()('https://pp.example/api/v2/pushes.json', { method: 'POST' });
    FakeXhr.last.finish(201, '{"url_token":"x"}', 'http://pp.example/api/v2/pushes.json');
    await expect(pending).rejects.toMatchObject({ code: 'not-secret-push' });
  });

  it('keeps the same-origin answer going through its headers', async () => {
    const pending = fakeFetch()('https://pp.example/api', { method: 'POST' });
    FakeXhr.last.headers(201);
    expect(FakeXhr.last.aborted).toBe(false);
    FakeXhr.last.finish(201, '{"ok":true}');
    expect((await pending).status).toBe(201);
  });

  it('makes the API client refuse the server before any create is posted', async () => {
    const opened: Array<[string, string]> = [];
    class Redirected extends FakeXhr {
      override send(body: unknown) {
        super.send(body);
        opened.push(this.opened!);
        // Every request lands on another origin's first-run page, as a misconfigured proxy could send it.
        queueMicrotask(() =>
          this.finish(200, '<html>first run</html>', 'https://elsewhere.example/first_run'),
        );
      }
    }
    const client = createApiClient({
      baseUrl: 'https://pp.example',
      token: 't0k',
      fetch: createUploadFetch({ XMLHttpRequest: Redirected as unknown as typeof XMLHttpRequest }),
    });
    await expect(client.createPush({ payload: 'x' })).rejects.toMatchObject({ code: 'not-secret-push' });
    expect(opened).toEqual([['GET', 'https://pp.example/api/v2/version']]);
  });
});

describe('withCompletionProgress', () => {
  it('reports 100 % once the wrapped fetch answers', async () => {
    const progress: UploadProgress[] = [];
    const wrapped = withCompletionProgress(
      async () => new Response('ok'),
      (p) => progress.push(p),
    );
    expect(progress).toEqual([]);
    expect(await (await wrapped('https://x.example/')).text()).toBe('ok');
    expect(progress).toEqual([{ loaded: 1, total: 1 }]);
  });
});

describe('the API client over createUploadFetch', () => {
  let host: MockHost;
  beforeEach(async () => {
    host = await startMockHost({ port: 0, users: [{ email: 'a@example.com', token: 'file-token' }] });
  });
  afterEach(() => host.close());

  it('creates a file push whose bytes come back intact', async () => {
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    const client = createApiClient({
      baseUrl: host.baseUrl,
      token: 'file-token',
      fetch: createUploadFetch(),
    });
    const { push } = await client.createPush({
      kind: 'file',
      files: [{ name: 'data.bin', type: 'application/octet-stream', data: new Blob([bytes]) }],
      expire_after_views: 3,
    });
    expect(push.expire_after_views).toBe(3);
    const retrieved = await client.retrievePush(push.url_token);
    const file = retrieved.files?.[0];
    expect(file?.filename).toBe('data.bin');
    const download = await fetch(file!.url);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });
});
