/**
 * Command-line parsing for `npm run server`, kept pure (arguments and randomness in, options out) so it is
 * tested without spawning a process.
 */
import { parseArgs } from 'node:util';
import type { Edition, MockUser } from '../index';
import { HOST_LIMITS, type HostLimits } from './http-host';

export const USAGE = `Usage: npm run server -- [options]

  --port <n>             port on 127.0.0.1 (default 8787; 0 picks a free one)
  --edition <pro|oss>    which server edition to emulate (default pro)
  --user <email:token>   a user and its API token; repeat for more users
                         (without any, a demo user with a random token is created)
  --rate-limit <n>       requests per minute per client address, 0 = off (default 120)
  --max-body-bytes <n>   largest accepted request body (default 67108864)

Limits, so that one local client cannot exhaust the host:
  --max-stored-bytes <n>       file bytes kept at once; a file push past it gets
                               the real server's 500 (default 536870912)
  --max-connections <n>        open connections; past it the longest-idle one is
                               closed (default ${HOST_LIMITS.maxConnections})
  --headers-timeout-ms <n>     time for a request's headers (default ${HOST_LIMITS.headersTimeoutMs})
  --request-timeout-ms <n>     time for a whole request, body included (default ${HOST_LIMITS.requestTimeoutMs})
  --idle-timeout-ms <n>        a connection silent this long is closed (default ${HOST_LIMITS.idleTimeoutMs})
  --keep-alive-timeout-ms <n>  a kept-alive connection's wait for its next request
                               (default ${HOST_LIMITS.keepAliveTimeoutMs})
  --help                       show this text`;

/** Each limit's command-line name. */
const LIMIT_FLAGS: Record<keyof HostLimits, string> = {
  maxConnections: 'max-connections',
  headersTimeoutMs: 'headers-timeout-ms',
  requestTimeoutMs: 'request-timeout-ms',
  idleTimeoutMs: 'idle-timeout-ms',
  keepAliveTimeoutMs: 'keep-alive-timeout-ms',
};

export interface CliOptions extends Partial<HostLimits> {
  port: number;
  edition: Edition;
  users: MockUser[];
  /** True when no --user was given and a demo user was made up. */
  demoUser: boolean;
  rateLimit: number;
  maxBodyBytes?: number;
  maxStoredBytes?: number;
}

export type CliParse = { help: true } | { help: false; options: CliOptions };

/** A bad command line; the CLI prints the message and the usage and exits 2. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}

export const DEMO_EMAIL = 'demo@example.com';

/** 20 url-safe characters, like the real server's Devise.friendly_token. */
export function randomToken(random: (bytes: number) => Uint8Array): string {
  return Buffer.from(random(15)).toString('base64url');
}

function integer(name: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new CliUsageError(`--${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new CliUsageError(`--${name} must be between ${min} and ${max}`);
  return value;
}

function parseUser(spec: string): MockUser {
  const colon = spec.indexOf(':');
  const email = colon < 0 ? spec : spec.slice(0, colon);
  const token = colon < 0 ? '' : spec.slice(colon + 1);
  if (!/^[^\s@:]+@[^\s@:]+\.[^\s@:]+$/.test(email))
    throw new CliUsageError(`--user needs email:token, and "${email}" is not an email address`);
  // A token travels in an Authorization header: no spaces or control characters.
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new CliUsageError(`--user ${email}: the token must be non-empty printable ASCII without spaces`);
  return { email, token };
}

export function parseCliArgs(argv: string[], random: (bytes: number) => Uint8Array): CliParse {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        edition: { type: 'string' },
        user: { type: 'string', multiple: true },
        'rate-limit': { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'max-stored-bytes': { type: 'string' },
        ...Object.fromEntries(Object.values(LIMIT_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true };
  const edition = values.edition ?? 'pro';
  if (edition !== 'pro' && edition !== 'oss')
    throw new CliUsageError(`--edition must be pro or oss, got "${edition}"`);
  const users = (values.user ?? []).map(parseUser);
  const emails = new Set(users.map((user) => user.email.toLowerCase()));
  if (emails.size !== users.length) throw new CliUsageError('--user: each email may appear only once');
  const tokens = new Set(users.map((user) => user.token));
  if (tokens.size !== users.length) throw new CliUsageError('--user: two users cannot share a token');
  const demoUser = users.length === 0;
  if (demoUser) users.push({ email: DEMO_EMAIL, token: randomToken(random) });
  const maxBodyRaw = values['max-body-bytes'];
  const optional = (name: string) => {
    const raw = (values as Record<string, string | undefined>)[name];
    return raw === undefined ? undefined : integer(name, raw, 1, Number.MAX_SAFE_INTEGER, 0);
  };
  const limits = Object.fromEntries(
    Object.entries(LIMIT_FLAGS)
      .map(([key, flag]) => [key, optional(flag)] as const)
      .filter(([, value]) => value !== undefined),
  ) as Partial<HostLimits>;
  return {
    help: false,
    options: {
      port: integer('port', values.port, 0, 65535, 8787),
      edition,
      users,
      demoUser,
      rateLimit: integer('rate-limit', values['rate-limit'], 0, 1_000_000, 120),
      maxBodyBytes:
        maxBodyRaw === undefined
          ? undefined
          : integer('max-body-bytes', maxBodyRaw, 1, Number.MAX_SAFE_INTEGER, 0),
      maxStoredBytes: optional('max-stored-bytes'),
      ...limits,
    },
  };
}
