/**
 * A push a page just created, on its way into the watcher's database (issue 37: the link shows as soon as the
 * server answers). The page hands it over in the same turn the answer arrives: one `storage.session.set`,
 * called at once and not awaited, which the browser carries out even when the page closes the next moment
 * (a person clicking away to paste the link). The background records it (record.ts) and takes it out; its
 * next start records any it had not reached. Waiting for the database before the link showed cost 9–14 ms of
 * Create → link.
 *
 * storage.session is memory only (never on disk), and nothing secret goes in: a create's answer carries no
 * payload, and the passphrase an open-source server echoes in clear is kept only as "there is one".
 */
import type { Push } from '@/lib/api';
import { createdPushEntries } from '@/lib/store';
import { recordCreatedPush } from './record';
import type { TrackedPush } from './types';

export interface CreatedInfo {
  server: string;
  kind?: TrackedPush['kind'];
  subject?: string;
}

interface Sent {
  push: Push;
  info: CreatedInfo;
}

/** What record.ts reads of a passphrase (toTracked: whether there is one), with no clear value left in it. */
const masked = (passphrase: Push['passphrase']): Push['passphrase'] =>
  passphrase === null || passphrase === undefined || passphrase === '' ? passphrase : '********';

/**
 * Hands `push` over for the background to record. The call into the browser is made before this returns;
 * the promise says only whether storage took it (reported by the caller, never shown as a failed create).
 */
export function sendToRecord(push: Push, info: CreatedInfo): Promise<void> {
  const sent: Sent = { push: { ...push, passphrase: masked(push.passphrase) }, info };
  return createdPushEntries.set(`${info.server} ${push.url_token}`, sent);
}

const isSent = (value: unknown): value is Sent => {
  const sent = value as Partial<Sent> | null;
  return (
    typeof sent?.push?.url_token === 'string' &&
    typeof sent.push.created_at === 'string' &&
    typeof sent.info?.server === 'string'
  );
};

/** Records every push handed over and not recorded yet, then takes each out (one that is not a push too). */
export async function recordSent(): Promise<void> {
  for (const [name, value] of await createdPushEntries.all()) {
    if (isSent(value)) await recordCreatedPush(value.push, value.info);
    await createdPushEntries.remove(name);
  }
}

/**
 * The background's side: records what is waiting now and whatever a page hands over later, one run at a
 * time (a run started while another goes on follows it). Returns the unsubscribe.
 */
export function followSent(report: (error: unknown) => void): () => void {
  let running = Promise.resolve();
  const run = () => {
    running = running.then(recordSent).catch(report);
  };
  const unwatch = createdPushEntries.watchAdded(run);
  run();
  return unwatch;
}
