import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart, type Entry } from '@/lib/mock/multipart';

const BOUNDARY = 'XyZ-boundary-42';

/** A stream that delivers `bytes` cut at the given offsets. */
function streamOf(bytes: Uint8Array, cuts: number[] = []): ReadableStream<Uint8Array> {
  const offsets = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort(
    (a, b) => a - b,
  );
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i + 1 >= offsets.length) return controller.close();
      controller.enqueue(bytes.slice(offsets[i], offsets[i + 1]));
      i++;
    },
  });
}

interface PartSpec {
  name: string;
  filename: string | null;
  content: string;
}

function encode(parts: PartSpec[]): Uint8Array<ArrayBuffer> {
  const text =
    parts
      .map(
        (p) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"` +
          (p.filename === null ? '' : `; filename="${p.filename}"\r\nContent-Type: text/plain`) +
          `\r\n\r\n${p.content}\r\n`,
      )
      .join('') + `--${BOUNDARY}--\r\n`;
  return new TextEncoder().encode(text);
}

async function plain(entries: Entry[]) {
  return Promise.all(
    entries.map(async ([name, value]) =>
      typeof value === 'string'
        ? { name, text: value }
        : { name, file: value.name, text: await value.text() },
    ),
  );
}

const safe = fc.string({ unit: fc.constantFrom('a', 'b', '[', ']', '_', '1'), minLength: 1, maxLength: 12 });
// Contents that look like the delimiter without being it: CRLF, dashes, part of the boundary, unicode.
const content = fc.string({
  unit: fc.constantFrom('x', '\r', '\n', '-', 'X', 'y', 'Z', 'é', '😀', `\r\n--${BOUNDARY.slice(0, 5)}`),
  maxLength: 60,
});

describe('parseMultipart', () => {
  it('reads every part whatever the chunking, as Response.formData() does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: safe, filename: fc.option(safe), content }), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (parts, cuts) => {
          const bytes = encode(parts);
          const entries = await parseMultipart(streamOf(bytes, cuts), BOUNDARY, 1 << 20);
          if (typeof entries === 'string') throw new Error(entries);
          const form = await new Response(bytes, {
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          }).formData();
          expect(await plain(entries)).toEqual(await plain([...form.entries()] as Entry[]));
        },
      ),
      { seed: 42, numRuns: 200 },
    );
  });

  it('keeps a file part as a File with its name and type', async () => {
    const entries = await parseMultipart(
      streamOf(encode([{ name: 'push[files][]', filename: '..', content: 'bytes' }])),
      BOUNDARY,
      1000,
    );
    if (typeof entries === 'string') throw new Error(entries);
    const [, file] = entries[0]!;
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('..');
    expect((file as File).type).toBe('text/plain');
  });

  it('refuses a body over the limit as soon as the limit is passed', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1000).fill(120));
      },
    });
    expect(await parseMultipart(endless, BOUNDARY, 10_000)).toBe('too-large');
    expect(pulled).toBeLessThanOrEqual(12);
  });

  it.each([
    ['no closing delimiter', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`],
    ['no disposition', `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--`],
    ['garbage after a delimiter', `--${BOUNDARY}zz`],
    ['no boundary at all', 'just text'],
  ])('calls a body with %s malformed', async (_, body) => {
    expect(await parseMultipart(streamOf(new TextEncoder().encode(body)), BOUNDARY, 1000)).toBe('malformed');
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('multipart/form-data')).toBeUndefined();
  });
});
