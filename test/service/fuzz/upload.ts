/** The largest upload the host accepts by default, and how much memory the process needs above idle for it. */
import { DEFAULT_MAX_BODY_BYTES } from '@/lib/mock/host/http-host';
import { startMockHost } from '@/lib/mock/host/server';
import { sendRaw } from './send';

const MiB = 1024 * 1024;
const BOUNDARY = 'fuzzUploadBoundary';

export async function largestUpload(
  bodyBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ mib: number; status: number; peakMib: number }> {
  const host = await startMockHost({
    port: 0,
    rateLimit: 0,
    users: [{ email: 'u@example.com', token: 'upload' }],
  });
  try {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="push[files][]"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const tail = `\r\n--${BOUNDARY}--\r\n`;
    const fileBytes = bodyBytes - head.length - tail.length - 1024;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(fileBytes, 7), Buffer.from(tail)]);
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const reply = await sendRaw(
      host.baseUrl,
      {
        method: 'POST',
        path: '/api/v2/pushes',
        headers: {
          authorization: 'Bearer upload',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body,
      },
      120_000,
    );
    clearInterval(sampler);
    // The request body itself (`body`) was allocated before `idle` was read, so it is not counted.
    return {
      mib: Math.round(fileBytes / MiB),
      status: reply.status,
      peakMib: Math.round((peak - idle) / MiB),
    };
  } finally {
    await host.close();
  }
}
