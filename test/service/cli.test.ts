/**
 * `npm run server`: argument parsing (pure) and the real CLI process over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CliUsageError, DEMO_EMAIL, parseCliArgs } from '@/lib/mock/host/cli-args';

const ROOT = path.resolve(import.meta.dirname, '../..');
const fixedRandom = (n: number) => new Uint8Array(n).fill(7);

describe('parseCliArgs', () => {
  it('reads the host limits, each a whole number, absent ones left to their defaults', () => {
    const parsed = parseCliArgs(
      [
        '--max-stored-bytes',
        '1048576',
        '--max-connections',
        '50',
        '--headers-timeout-ms',
        '2000',
        '--request-timeout-ms',
        '30000',
        '--idle-timeout-ms',
        '4000',
        '--keep-alive-timeout-ms',
        '1000',
      ],
      fixedRandom,
    );
    expect(parsed.help === false && parsed.options).toMatchObject({
      maxStoredBytes: 1048576,
      maxConnections: 50,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 30000,
      idleTimeoutMs: 4000,
      keepAliveTimeoutMs: 1000,
    });
    const plain = parseCliArgs([], fixedRandom);
    expect(plain.help === false && Object.keys(plain.options)).not.toContain('maxConnections');
    expect(() => parseCliArgs(['--max-connections', '0'], fixedRandom)).toThrow(CliUsageError);
    expect(() => parseCliArgs(['--idle-timeout-ms', 'soon'], fixedRandom)).toThrow(
      '--idle-timeout-ms must be a whole number',
    );
  });

  it('reads port, edition, users, rate limit and body limit', () => {
    const parsed = parseCliArgs(
      [
        '--port',
        '9000',
        '--edition',
        'oss',
        '--user',
        'alice@example.com:TOKEN1',
        '--user',
        'bob@example.com:tok:en2',
        '--rate-limit',
        '0',
        '--max-body-bytes',
        '2048',
      ],
      fixedRandom,
    );
    expect(parsed).toEqual({
      help: false,
      options: {
        port: 9000,
        edition: 'oss',
        users: [
          { email: 'alice@example.com', token: 'TOKEN1' },
          { email: 'bob@example.com', token: 'tok:en2' },
        ],
        demoUser: false,
        rateLimit: 0,
        maxBodyBytes: 2048,
      },
    });
  });

  it('defaults to port 8787, pro, 120 requests a minute and one demo user with a random token', () => {
    const parsed = parseCliArgs([], fixedRandom);
    if (parsed.help) throw new Error('unexpected help');
    expect(parsed.options).toMatchObject({ port: 8787, edition: 'pro', rateLimit: 120, demoUser: true });
    expect(parsed.options.users).toEqual([
      { email: DEMO_EMAIL, token: Buffer.from(fixedRandom(15)).toString('base64url') },
    ]);
    expect(parsed.options.users[0]!.token).toMatch(/^[A-Za-z0-9_-]{20}$/);
  });

  it('recognises --help', () => {
    expect(parseCliArgs(['--help'], fixedRandom)).toEqual({ help: true });
  });

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--port', '-1']],
    [['--edition', 'enterprise']],
    [['--user', 'alice@example.com']],
    [['--user', 'alice@example.com:']],
    [['--user', 'not-an-email:tok']],
    [['--user', 'a@b.c:has space']],
    [['--user', 'a@b.c:t1', '--user', 'a@b.c:t2']],
    [['--user', 'a@b.c:same', '--user', 'd@e.f:same']],
    [['--rate-limit', '1.5']],
    [['--max-body-bytes', '0']],
    [['--bogus']],
    [['positional']],
    [['--port']],
  ])('rejects %j with a usage error', (argv) => {
    expect(() => parseCliArgs(argv, fixedRandom)).toThrow(CliUsageError);
  });
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runCli(args: string[]): Running {
  // As `npm run server` runs it: one Node process with tsx as a loader. (The tsx wrapper binary relays
  // signals to a child process of its own and, on a loaded machine, could exit 130 itself on SIGINT.)
  const child = spawn(process.execPath, ['--import', 'tsx', 'lib/mock/host/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exit };
}

async function waitFor(running: Running, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const match = running.output().match(pattern);
    if (match) return match;
    if (running.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`CLI never printed ${pattern}; output so far:\n${running.output()}`);
}

describe('the CLI process', () => {
  it('serves the given user on the printed base URL and exits 0 on SIGINT', async () => {
    const running = runCli(['--port', '0', '--user', 'a@b.c:tok']);
    const [, baseUrl] = await waitFor(running, /(http:\/\/127\.0\.0\.1:\d+)/);
    const [, token] = await waitFor(running, /a@b\.c\s+token\s+(\S+)/);
    expect(token).toBe('tok');
    expect(baseUrl).not.toMatch(/:0$/);

    const version = await fetch(`${baseUrl}/api/v2/version`);
    expect(version.status).toBe(200);
    const active = await fetch(`${baseUrl}/api/v2/pushes/active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(active.status).toBe(200);
    expect(await active.json()).toEqual([]);

    running.child.kill('SIGINT');
    expect(await running.exit).toEqual({ code: 0, signal: null });
    await expect(fetch(`${baseUrl}/api/v2/version`)).rejects.toThrow();
  }, 30_000);

  it('creates and prints a demo user with a random token when no --user is given', async () => {
    // The token's end is where no token character follows: \b failed on a token ending in '-'.
    const running = runCli(['--port', '0', '--edition', 'oss']);
    const [, baseUrl] = await waitFor(running, /(http:\/\/127\.0\.0\.1:\d+)/);
    const [, token] = await waitFor(
      running,
      /demo@example\.com\s+token\s+([A-Za-z0-9_-]{20})(?![A-Za-z0-9_-])/,
    );
    const version = await (await fetch(`${baseUrl}/api/v2/version`)).json();
    expect(version.edition).toBe('oss');
    const active = await fetch(`${baseUrl}/api/v2/pushes/active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(active.status).toBe(200);

    running.child.kill('SIGTERM');
    expect((await running.exit).code).toBe(0);
  }, 30_000);

  it('exits 2 with a clear message on a bad argument', async () => {
    const running = runCli(['--edition', 'enterprise']);
    expect((await running.exit).code).toBe(2);
    expect(running.output()).toContain('--edition must be pro or oss');
  }, 30_000);
});
