/** Who is calling: token lookup (reference §1) and the callers' workspaces (pro `account_id`). */
import { constantTimeEqual } from './encoding';
import type { MockUser } from './options';

export interface Account {
  email: string;
  token: string;
  /** The user's one workspace: `ws_<n>` on the wire, or the raw number. */
  workspace: number;
}

export type Caller = { kind: 'anonymous' } | { kind: 'rejected' } | { kind: 'user'; account: Account };

export function accountsOf(users: readonly MockUser[]): Account[] {
  return users.map((user, index) => ({ email: user.email, token: user.token, workspace: index + 1 }));
}

export function workspaceId(workspace: number): string {
  return `ws_${workspace}`;
}

/**
 * The real server takes the last word of `Authorization` (so `Bearer x` and `x` both work); the legacy
 * X-User-Email + X-User-Token pair wins when both are sent, and X-User-Token alone is rejected. The real
 * server looks the legacy token up alone (reference §1); the mock also requires the e-mail to be that
 * token's user's, so a token never stands for another address (a limit of the mock, stricter than real).
 */
export function identify(headers: Headers, accounts: readonly Account[]): Caller {
  const legacyToken = headers.get('x-user-token');
  const authorization = headers.get('authorization');
  let token: string;
  let email: string | undefined;
  if (legacyToken !== null) {
    const legacyEmail = headers.get('x-user-email');
    if (legacyEmail === null) return { kind: 'rejected' };
    token = legacyToken.trim();
    email = legacyEmail.trim().toLowerCase();
  } else if (authorization !== null) {
    token = authorization.trim().split(/\s+/).pop() ?? '';
    if (/^bearer$/i.test(token)) token = ''; // "Bearer " with nothing after it
  } else {
    return { kind: 'anonymous' };
  }
  // Compare against every account so the time taken does not reveal a near miss.
  let found: Account | undefined;
  for (const account of accounts) {
    if (account.token !== '' && constantTimeEqual(account.token, token) && token !== '') found ??= account;
  }
  if (found && email !== undefined && found.email.toLowerCase() !== email) found = undefined;
  return found ? { kind: 'user', account: found } : { kind: 'rejected' };
}

/** pro `workspace_id` / `account_id`: the caller's workspace as `ws_<n>` or the raw number. */
export function pickWorkspace(raw: unknown, account: Account | null): number | 'invalid' | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!account) return 'invalid';
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null) return 'invalid';
  return text === workspaceId(account.workspace) || text === String(account.workspace)
    ? account.workspace
    : 'invalid';
}
