/**
 * Recording a push this browser just created (popup, context menu). Usable from pages and the background.
 */
import type { Push } from '@/lib/api';
import { watchDb } from './db';
import { bumpRevision } from './revision';
import { toTracked } from './tracked';
import type { TrackedPush } from './types';

/**
 * Remembers a push created here, without its payload or passphrase. It is recorded as 'local' (tracked by
 * time); when the server lists it (a token is set), the next refresh turns it into a 'server' record and
 * reports its views. Its audit log is recorded as empty, so every later view is news.
 */
export async function recordCreatedPush(
  push: Push,
  info: { server: string; kind?: TrackedPush['kind'] },
): Promise<void> {
  const db = await watchDb();
  const tx = db.transaction(['pushes', 'audit'], 'readwrite');
  const pushes = tx.objectStore('pushes');
  const previous = await pushes.get([info.server, push.url_token]);
  const record = toTracked(push, info.server, previous?.source ?? 'local', previous);
  if (info.kind !== undefined) record.kind = info.kind;
  await pushes.put(record);
  const audit = tx.objectStore('audit');
  if (!(await audit.get([info.server, push.url_token])))
    await audit.put({
      server: info.server,
      url_token: push.url_token,
      entries: [],
      fetched_at: push.created_at,
      reported: 0,
    });
  await tx.done;
  await bumpRevision();
}
