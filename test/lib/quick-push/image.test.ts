import { describe, expect, it } from 'vitest';
import { fetchImage, imageName, IMAGE_MAX_BYTES, type ImageFetchOptions } from '@/lib/quick-push/image';
import { PNG_BYTES } from './helpers';

type Answer = Response | (() => Response) | Error;

function server(answer: Answer, canRead = false) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const options: ImageFetchOptions = {
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      if (answer instanceof Error) throw answer;
      return typeof answer === 'function' ? answer() : answer;
    }) as typeof fetch,
    canRead: async () => canRead,
  };
  return { options, calls };
}

const png = (headers: Record<string, string> = {}) =>
  new Response(PNG_BYTES, { headers: { 'content-type': 'image/png', ...headers } });

/** A body of `size` bytes in 64 KiB chunks, counting how many chunks were pulled. */
function bigBody(size: number) {
  let sent = 0;
  const pulled = { chunks: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(65_536, size - sent));
      sent += chunk.byteLength;
      pulled.chunks++;
      controller.enqueue(chunk);
    },
  });
  return { response: new Response(body, { headers: { 'content-type': 'image/jpeg' } }), pulled };
}

describe('fetchImage', () => {
  it('downloads the image without the page cookies and keeps its bytes, name and type', async () => {
    const { options, calls } = server(png({ 'content-type': 'image/png; charset=binary' }));
    const result = await fetchImage({ kind: 'image', src: 'https://example.com/img/logo.png' }, options);
    if (!result.ok) throw new Error(result.reason);
    expect(calls[0]).toMatchObject({
      url: 'https://example.com/img/logo.png',
      init: { credentials: 'omit' },
    });
    expect(result.file).toMatchObject({ name: 'logo.png', type: 'image/png' });
    expect(new Uint8Array(await result.file.data.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('reads a data: image', async () => {
    const src = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString('base64')}`;
    const result = await fetchImage({ kind: 'image', src }, { fetch, canRead: async () => false });
    if (!result.ok) throw new Error(result.reason);
    expect(result.file.name).toBe('image.png');
    expect(new Uint8Array(await result.file.data.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('refuses an image whose declared size is over the limit', async () => {
    const { options } = server(png({ 'content-length': String(IMAGE_MAX_BYTES + 1) }));
    expect(await fetchImage({ kind: 'image', src: 'https://example.com/a.png' }, options)).toEqual({
      ok: false,
      reason: 'This image is larger than 10 MB, the most a quick push sends.',
    });
  });

  it('stops downloading once an image without a declared size passes the limit', async () => {
    const { response, pulled } = bigBody(1024 * 1024);
    const { options } = server(response);
    const result = await fetchImage(
      { kind: 'image', src: 'https://example.com/a.jpg' },
      { ...options, maxBytes: 200 * 1024 },
    );
    expect(result).toEqual({
      ok: false,
      reason: 'This image is larger than 200 kB, the most a quick push sends.',
    });
    expect(pulled.chunks).toBeLessThan(8);
  });

  it('says when the address is not an image', async () => {
    const { options } = server(
      new Response('<html>sign in</html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(await fetchImage({ kind: 'image', src: 'https://example.com/a.png' }, options)).toEqual({
      ok: false,
      reason: 'That address did not return an image.',
    });
  });

  it('gives the HTTP status of a refused download', async () => {
    const { options } = server(new Response('gone', { status: 404 }));
    expect(await fetchImage({ kind: 'image', src: 'https://example.com/a.png' }, options)).toEqual({
      ok: false,
      reason: 'The image could not be downloaded (HTTP 404).',
    });
  });

  it('names the site whose access is needed when another origin cannot be read', async () => {
    const { options } = server(new TypeError('Failed to fetch'));
    const result = await fetchImage(
      { kind: 'image', src: 'https://cdn.example.net/a.png', pageUrl: 'https://example.com/page' },
      options,
    );
    expect(result).toEqual({
      ok: false,
      reason:
        'Secret Push needs access to cdn.example.net to fetch this image: allow the extension on that site, then try again.',
    });
  });

  it.each([
    ['the page’s own origin (activeTab)', 'https://example.com/a.png', false],
    ['an origin the extension may read', 'https://cdn.example.net/a.png', true],
  ])('reports a connection problem for %s', async (_, src, canRead) => {
    const { options } = server(new TypeError('Failed to fetch'), canRead);
    expect(await fetchImage({ kind: 'image', src, pageUrl: 'https://example.com/page' }, options)).toEqual({
      ok: false,
      reason: 'The image could not be downloaded. Check your connection and try again.',
    });
  });

  it('gives up on a download that takes too long', async () => {
    const options: ImageFetchOptions = {
      fetch: ((_: RequestInfo | URL, init?: RequestInit) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )) as typeof fetch,
      canRead: async () => true,
      timeoutMs: 20,
    };
    expect(await fetchImage({ kind: 'image', src: 'https://example.com/a.png' }, options)).toEqual({
      ok: false,
      reason: 'The image took too long to download. Try again.',
    });
  });

  it.each(['blob:https://example.com/1234', 'chrome://favicon/x', 'not a url'])(
    'does not try to fetch %s',
    async (src) => {
      const { options, calls } = server(png());
      const result = await fetchImage({ kind: 'image', src }, options);
      expect(result).toMatchObject({
        ok: false,
        reason: expect.stringContaining('exists only inside the page'),
      });
      expect(calls).toEqual([]);
    },
  );
});

describe('imageName', () => {
  it.each([
    ['https://example.com/a/photo.jpg?x=1', 'image/jpeg', 'photo.jpg'],
    ['https://example.com/a/cat%20photo', 'image/webp', 'cat photo.webp'],
    ['https://example.com/render', 'image/svg+xml', 'render.svg'],
    ['https://example.com/', 'image/gif', 'image.gif'],
    ['https://example.com/50%', 'image/png', '50%.png'],
    ['https://example.com/a%2Fb.png', 'image/png', 'a_b.png'],
  ])('%s (%s) → %s', (url, type, name) => {
    expect(imageName(new URL(url), type)).toBe(name);
  });
});
