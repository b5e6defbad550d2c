/**
 * Recording a push this browser just created (popup, context menu). Usable from pages and the background.
 */
import type { Push } from '@/lib/api';
import { currentAccounts } from './account';
import { watchDb } from './db';
import { bumpRevision } from './revision';
import { toTracked } from './tracked';
import type { TrackedPush } from './types';

/**
 * Remembers a push created here, without its payload or passphrase. It is recorded as 'local' (tracked by
 * time); when the server lists it (a token is set), the next refresh turns it into a 'server' record and
 * reports its views. Its audit log is recorded as empty, so every later view is news. It is kept under the
 * account of its server (account.ts followedAccounts); a push created on a server the settings no longer
 * name is not recorded: the user left (removed) that server while it was being created.
 */
export async function recordCreatedPush(
  push: Push,
  info: { server: string; kind?: TrackedPush['kind']; subject?: string },
): Promise<void> {
  const followed = (await currentAccounts()).find(({ server }) => server === info.server);
  if (!followed) return;
  const { account, server } = followed;
  const db = await watchDb();
  const tx = db.transaction(['pushes', 'audit'], 'readwrite');
  const pushes = tx.objectStore('pushes');
  const stored = await pushes.get([server, push.url_token]);
  const previous = stored?.account === account ? stored : undefined;
  const record = toTracked(push, server, previous?.source ?? 'local', previous);
  if (info.kind !== undefined) record.kind = info.kind;
  if (info.subject !== undefined) record.subject = info.subject;
  await pushes.put({ ...record, account });
  const audit = tx.objectStore('audit');
  if ((await audit.get([server, push.url_token]))?.account !== account)
    await audit.put({
      server,
      url_token: push.url_token,
      entries: [],
      fetched_at: push.created_at,
      reported: 0,
      account,
    });
  await tx.done;
  await bumpRevision();
}
