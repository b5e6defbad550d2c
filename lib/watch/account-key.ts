/**
 * An account's key from settings already read, as pure functions (and a digest): account.ts reads the
 * settings for them, the pages' one read (read.ts) passes its own, without the store.
 */
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import type { Settings } from '@/lib/settings';

export const DEMO_ACCOUNT = 'demo';

type Who = Pick<Settings, 'demoMode' | 'server' | 'token'>;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key of the saved server and token (demo mode aside); null when no server is saved. */
export async function serverAccount(settings: Pick<Settings, 'server' | 'token'>): Promise<string | null> {
  if (!settings.server) return null;
  const { origin } = new URL(settings.server.url);
  // The origin goes into the hash too: the same token string on two servers is two accounts.
  return `${origin}#${settings.token ? await sha256Hex(`${origin}\n${settings.token}`) : 'anonymous'}`;
}

/** The account key the settings' requests go to: DEMO_ACCOUNT in demo mode; null when there is none. */
export function accountKey(settings: Who): Promise<string | null> {
  return settings.demoMode ? Promise.resolve(DEMO_ACCOUNT) : serverAccount(settings);
}

/** An account with the base URL of its server, as the watcher follows it. */
export interface Followed {
  account: string;
  server: string;
}

/**
 * The accounts whose pushes pages show and the watcher follows now: the demo's in demo mode; else every
 * saved server's (issue 12), the default one first.
 */
export async function followedAccounts(settings: Settings): Promise<Followed[]> {
  if (settings.demoMode) return [{ account: DEMO_ACCOUNT, server: DEMO_BASE_URL }];
  const profiles = [...settings.servers].sort(
    (a, b) => Number(b.url === settings.defaultServer) - Number(a.url === settings.defaultServer),
  );
  return Promise.all(
    profiles.map(async (profile) => ({
      account: (await serverAccount({ server: profile, token: profile.token })) as string,
      server: profile.url,
    })),
  );
}
