/** Plain HTTP helpers for the service tests (no host involved). */
import { request as httpRequest } from 'node:http';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined when the body is empty or not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function readReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    body = undefined; // not JSON (HTML page, text/plain 429): tests read `text`
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** A GET through node:http from a chosen local address (loopback has the whole 127/8 on Linux). */
export function getFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? '']) responseHeaders.append(name, one);
        }
        resolve(
          readReply(
            new Response(Buffer.concat(chunks), { status: res.statusCode, headers: responseHeaders }),
          ),
        );
      });
    });
    req.on('error', reject);
    req.end();
  });
}
