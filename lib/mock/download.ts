/**
 * File downloads of the recipient's page: the bytes while the push lives, as an attachment.
 */
import { save, type Call, type Engine } from './engine';
import { filesAvailable, refreshByTime } from './model';
import { notFoundPage } from './notice-pages';

/** GET /downloads/:id/:name: the bytes while the push lives, and for 10 minutes after its last view. */
export function download(engine: Engine, call: Call, id: string): Promise<Response> {
  return engine.serial(async () => {
    const now = engine.clock();
    const file = await engine.store.getFile(id);
    const stored = file ? await engine.store.getPush(file.url_token) : undefined;
    if (!file || !stored || !filesAvailable(stored, now)) return notFoundPage();
    const expired = refreshByTime(stored, now);
    if (expired) {
      await save(engine, expired, call.visit, now);
      return notFoundPage();
    }
    // Read out of the Blob here: a Response built on a Blob of another realm (a test page's) would not
    // know it as a Blob.
    const bytes = file.data instanceof Blob ? await file.data.arrayBuffer() : file.data;
    return new Response(bytes, {
      status: 200,
      headers: {
        'Content-Type': file.content_type,
        'Content-Disposition': disposition(file.filename),
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow',
        'X-Content-Type-Options': 'nosniff',
        // Opened rather than saved (a browser may ignore `attachment`), the file still runs no script.
        'Content-Security-Policy': 'sandbox',
      },
    });
  });
}

/** RFC 6266: an ASCII fallback plus the exact name as filename*. */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
