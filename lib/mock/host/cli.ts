/**
 * `npm run server -- --port 8787 --edition pro|oss --user alice@example.com:TOKEN --rate-limit 120`
 * Wiring only: parse, start the host, print where it is and who may use it, stop on Ctrl-C / SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { CliUsageError, parseCliArgs, USAGE } from './cli-args';
import { startMockHost } from './server';

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCliArgs(process.argv.slice(2), (n) => new Uint8Array(randomBytes(n)));
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error;
    console.error(`error: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  const { options } = parsed;
  const host = await startMockHost(options);
  console.log(`Secret Push mock service (${options.edition} edition) listening on ${host.baseUrl}`);
  if (options.demoUser) console.log('No --user given: created a demo user.');
  for (const user of host.users) console.log(`  user ${user.email}  token ${user.token}`);
  console.log(
    `Rate limit: ${options.rateLimit === 0 ? 'off' : `${options.rateLimit} requests/minute`}. Ctrl-C stops.`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    host.close().then(
      () => {
        console.log(`Stopped (${signal}).`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error('error while stopping:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'EADDRINUSE') console.error('error: that port is already in use; pick another with --port');
  else if (code === 'EACCES')
    console.error('error: not allowed to listen on that port; pick another with --port');
  else console.error('error:', error);
  process.exit(code === 'EADDRINUSE' || code === 'EACCES' ? 2 : 1);
});
