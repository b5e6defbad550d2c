/**
 * Whose pushes the cache holds. Every cached record carries an account key: the server's origin and who the
 * token belongs to, without the token itself (a SHA-256 of origin and token), so the pushes of one server
 * and token never show, or stay, under another. Demo mode is its own key: its pushes live in the demo
 * service and its links open the extension's own viewer.
 */
import { targetBaseUrl } from '@/lib/connection/target';
import { loadSettings, type Settings } from '@/lib/settings';
import { accountKey, DEMO_ACCOUNT, followedAccounts, serverAccount, type Followed } from './account-key';

export * from './account-key';

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
