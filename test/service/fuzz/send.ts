/** One raw HTTP exchange with the host, timed, for the fuzz suite (node:http: any method, any header). */
import { request as httpRequest } from 'node:http';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

/** Sends `raw` on a fresh connection; rejects when no answer came within `timeoutMs`. */
export function sendRaw(baseUrl: string, raw: RawRequest, timeoutMs = 5000): Promise<RawReply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      baseUrl + raw.path,
      { method: raw.method, headers: raw.headers, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(raw.body);
  });
}
