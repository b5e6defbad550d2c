/**
 * The Node host under abuse (issue 40): many idle sockets, a sender that trickles its headers, and uploads
 * past the host's cap on stored bytes. Used by test/service/host-limits.test.ts at a size that fits
 * `npm test`, and by `npm run fuzz` at length.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { startMockHost, type MockHostOptions } from '@/lib/mock/host/server';
import { sendRaw } from './send';

const MiB = 1024 * 1024;
const BOUNDARY = 'abuseBoundary';
export const ABUSE_TOKEN = 'abuse-token';
/** What the host's memory may rise above its cap on stored bytes while uploads go past it (README). */
export const MEMORY_MARGIN_MIB = 96;

/** A host for one scenario: no rate limit (the scenarios send fast on purpose), one user. */
export function abusedHost(options: MockHostOptions = {}) {
  return startMockHost({
    port: 0,
    rateLimit: 0,
    users: [{ email: 'abuse@example.com', token: ABUSE_TOKEN }],
    logError: () => undefined,
    ...options,
  });
}

// The idle client, in a process of its own as an abuser would be: its sockets' work is not the host's.
const IDLE_CLIENT = `
const net = require('node:net');
const [port, host, count] = process.argv.slice(1);
const sockets = [];
let connected = 0, closed = 0, said = '';
const say = () => { const now = JSON.stringify({ connected, closed }); if (now !== said) console.log(said = now); };
for (let i = 0; i < Number(count); i++) {
  const socket = net.connect(Number(port), host, () => { connected++; });
  socket.on('error', () => undefined);
  socket.on('close', () => { closed++; });
  sockets.push(socket);
}
setInterval(say, 50);
`;

/**
 * `count` connections that send nothing, opened by a process of their own; resolves once each is connected
 * or closed. `closed` counts those the host ended since.
 */
export async function idleSockets(baseUrl: string, count: number) {
  const url = new URL(baseUrl);
  const child = spawn(process.execPath, ['-e', IDLE_CLIENT, url.port, url.hostname, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = { connected: 0, closed: 0 };
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    lines.on('line', (line) => {
      last = JSON.parse(line) as typeof last;
      if (last.connected + last.closed >= count) resolve();
    });
  });
  return {
    get closed() {
      return last.closed;
    },
    /** Connections the host has not closed. */
    get open() {
      return count - last.closed;
    },
    end: () => void child.kill(),
  };
}

/**
 * A request that opens with `head` and then sends `piece()` every `everyMs`, never ending, until the host
 * closes it or `giveUpMs` passes. Resolves with how long it went on and the host's status line, if any.
 */
function trickle(baseUrl: string, head: string, piece: () => string, everyMs: number, giveUpMs: number) {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise<{ ms: number; answer: string }>((resolve) => {
    let answer = '';
    let every: ReturnType<typeof setInterval> | undefined;
    // The pieces start once connected: written before, they would queue ahead of the head.
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      every = setInterval(() => socket.write(piece()), everyMs);
    });
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (data: Buffer) => (answer ||= String(data).split('\r\n')[0] ?? ''));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(every);
      clearTimeout(giveUp);
      resolve({ ms: performance.now() - started, answer });
    });
  });
}

/** A request whose headers arrive one line every `everyMs` (Node answers 408 to a headers timeout). */
export function slowHeaders(baseUrl: string, everyMs = 200, giveUpMs = 60_000) {
  const head = `POST /api/v2/pushes HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\n`;
  const line = () => `X-Slow-${Math.round(performance.now())}: 1\r\n`;
  return trickle(baseUrl, head, line, everyMs, giveUpMs);
}

/**
 * A text push whose headers are all sent at once and whose body of 1,000 bytes arrives one byte every
 * `everyMs`: a request under way.
 */
export function slowBody(baseUrl: string, everyMs = 100, giveUpMs = 60_000) {
  const head =
    `POST /api/v2/pushes HTTP/1.1\r\nHost: ${new URL(baseUrl).host}\r\nAuthorization: Bearer ${ABUSE_TOKEN}\r\n` +
    'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
  return trickle(baseUrl, head, () => ' ', everyMs, giveUpMs);
}

/** GET /api/v2/version on a fresh connection: its status and ms. */
export async function timedVersion(baseUrl: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const reply = await sendRaw(baseUrl, { method: 'GET', path: '/api/v2/version', headers: {} }, 10_000);
  return { status: reply.status, ms: performance.now() - started };
}

/** One file push of `bytes` bytes: its status, body and url_token when made. */
export async function uploadFile(baseUrl: string, bytes: number) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="push[files][]"; filename="f.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 7), Buffer.from(tail)]);
  const reply = await sendRaw(
    baseUrl,
    {
      method: 'POST',
      path: '/api/v2/pushes',
      headers: {
        authorization: `Bearer ${ABUSE_TOKEN}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body,
    },
    60_000,
  );
  const text = reply.body.toString('utf8');
  const token = reply.status === 201 ? (JSON.parse(text) as { url_token: string }).url_token : undefined;
  return { status: reply.status, body: text, token };
}

/**
 * Uploads of `fileMib` MiB, `count` of them one after another, to a host whose cap is `capMib`: the statuses
 * in order, and the process's memory (RSS) above what it was before the first, at its highest.
 */
export async function fillPastCap(capMib: number, fileMib: number, count: number) {
  const host = await abusedHost({ maxStoredBytes: capMib * MiB });
  try {
    global.gc?.();
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const statuses: number[] = [];
    const bodies = new Set<string>();
    try {
      for (let i = 0; i < count; i++) {
        const sent = await uploadFile(host.baseUrl, fileMib * MiB);
        statuses.push(sent.status);
        if (sent.status !== 201) bodies.add(sent.body);
      }
    } finally {
      clearInterval(sampler);
    }
    const after = await timedVersion(host.baseUrl);
    return { statuses, refusals: [...bodies], peakMib: (peak - idle) / MiB, after, host };
  } catch (error) {
    await host.close();
    throw error;
  }
}

/**
 * The scenarios at length, for `npm run fuzz`: `sockets` idle connections (past the default cap), `slow`
 * senders trickling their headers, a normal request timed among them, then uploads to twice a 64 MiB cap.
 * Returns each broken promise in words.
 */
export async function abuseAtLength(sockets: number, slow: number) {
  const violations: string[] = [];
  const host = await abusedHost({ headersTimeoutMs: 2000 });
  let normalMs = 0;
  try {
    const idle = await idleSockets(host.baseUrl, sockets);
    const senders = Array.from({ length: slow }, () => slowHeaders(host.baseUrl, 100));
    const answered = await timedVersion(host.baseUrl);
    normalMs = answered.ms;
    if (answered.status !== 200 || answered.ms >= 2000)
      violations.push(
        `abuse: a normal request among ${sockets} idle sockets took ${Math.round(answered.ms)} ms (${answered.status})`,
      );
    const cut = await Promise.all(senders);
    const uncut = cut.filter(
      (sender) => sender.answer !== 'HTTP/1.1 408 Request Timeout' && sender.answer !== '',
    );
    if (uncut.length) violations.push(`abuse: ${uncut.length} slow senders were answered otherwise than 408`);
    idle.end();
  } finally {
    await host.close();
  }
  const filled = await fillPastCap(64, 4, 32);
  await filled.host.close();
  const made = filled.statuses.filter((status) => status === 201).length;
  if (made !== 16 || filled.statuses.slice(16).some((status) => status !== 500))
    violations.push(`abuse: uploads past a 64 MiB cap answered ${filled.statuses.join(' ')}`);
  if (filled.after.status !== 200) violations.push('abuse: the host stopped serving after the cap');
  if (filled.peakMib >= 64 + MEMORY_MARGIN_MIB)
    violations.push(`abuse: memory rose ${Math.round(filled.peakMib)} MiB with a 64 MiB cap`);
  return { normalMs, peakMib: filled.peakMib, violations };
}
