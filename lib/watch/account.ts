/**
 * Whose pushes the cache holds. Every cached record carries an account key: the server's origin and who the
 * token belongs to, without the token itself (a SHA-256 of origin and token), so the pushes of one server
 * and token never show, or stay, under another. Demo mode is its own key: its pushes live in the demo
 * service and its links open the extension's own viewer.
 */
import { targetBaseUrl } from '@/lib/connection/target';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { loadSettings, type Settings } from '@/lib/store/settings';

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

/**
 * The accounts whose cache is kept: the demo's, and every saved server's with its token, also while demo mode
 * is on (turning demo mode on keeps the servers for later). Any other key is of a server or token the user
 * left (removed it, or saved another token for it).
 */
export async function keptAccounts(settings: Settings): Promise<string[]> {
  const saved = await followedAccounts({ ...settings, demoMode: false });
  return [DEMO_ACCOUNT, ...saved.map(({ account }) => account)];
}

/** The accounts followed now, read from the saved settings (for pages and the background alike). */
export async function currentAccounts(): Promise<Followed[]> {
  return followedAccounts(await loadSettings());
}

/** The current account and base URL, read from the saved settings (for pages and the background alike). */
export async function currentAccount(): Promise<{ account: string | null; server: string | null }> {
  const settings = await loadSettings();
  return { account: await accountKey(settings), server: targetBaseUrl(settings) };
}

/** The saved server's base URL and account key (demo mode aside): whose records a version 1 cache held. */
export async function savedOwner(): Promise<{ server: string | null; account: string | null }> {
  const settings = await loadSettings();
  return { server: settings.server?.url ?? null, account: await serverAccount(settings) };
}
