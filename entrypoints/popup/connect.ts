/**
 * The API side of the popup, loaded on demand (dynamic import) so the popup opens without the client and
 * its schemas: the connection of the saved settings, the edition, and sending the form.
 */
import type { CreateResult, Edition } from '@/lib/api';
import { createAndRecord, keptConnections, type CreatedPush } from '@/lib/connection';
import { checkLinkOf } from '@/lib/api/link';
import { toCreateInput, type FormState } from '@/lib/push/form';
import { formSubject } from '@/lib/push/label';
import { sendToRecord } from '@/lib/watch';

/**
 * The popup's kept connections (lib/connection/client.ts): one per server while the settings requests are made
 * from stay as they are, so the edition is asked once, and a send readied while the form was filled reaches
 * its request in the click's own turn, before the form redraws as Sending (issue 37: waiting a turn for an
 * answer already known let that redraw, 3–9 ms, go first). A server is the saved one picked in the popup
 * (chosen.ts, passed in by the caller so this lazy chunk shares no module with the popup's first one),
 * undefined for the default one.
 */
const connections = keptConnections();

/** The edition of the saved server `server` (undefined: the default one). */
export function detectEdition(server?: string): Promise<Edition> {
  return connections.edition(server);
}

/** The hand-over of file pushes (lib/upload), kept once loaded: Create then hands the files over at once. */
let handOvers: typeof import('@/lib/upload') | undefined;
const handOverModule = async () => (handOvers ??= await import('@/lib/upload'));

/**
 * Readies a push while the person is still filling the form: the connection and the server's version, and
 * for `files` the place where uploads run (opened, and connected to the server), so Create goes straight to
 * the request. A failure is kept by nothing: the send tries again and reports it.
 */
export async function prepareSend(server: string | undefined, files: boolean): Promise<void> {
  await Promise.all([
    detectEdition(server),
    // Only readying: a runner that cannot be reached now is opened again at Create, and reported there.
    files &&
      handOverModule()
        .then(({ prepareUpload }) => prepareUpload(server))
        .catch(() => undefined),
  ]);
}

export interface SendOptions {
  signal: AbortSignal;
  /** File pushes only: the files' bytes sent so far, of their total. */
  onProgress: (progress: { sent: number; total: number }) => void;
  /** The saved server picked in the popup (chosen.ts); undefined: the default one. */
  server?: string;
}

/** A created push, with the verdict on its link: only a link that passes is copied, opened or shown. */
export type SentPush = CreateResult & CreatedPush;

/**
 * Exactly one createPush (the container calls this once per accepted submit); the push is handed to the
 * background to be remembered for the recent list and the dashboard, without its payload or passphrase. A
 * file push is handed over to where uploads run (lib/upload), which sends and records it even if the popup
 * closes meanwhile.
 */
export async function sendForm(
  state: FormState,
  { signal, onProgress, server }: SendOptions,
): Promise<SentPush> {
  const known = connections.ready(server);
  const client = known?.client ?? (await connections.connect(server)).client;
  const input = toCreateInput(state, known?.edition ?? (await client.edition()));
  if (state.kind === 'file') {
    const job = { input, subject: formSubject(state), version: await client.version() };
    const done = await (
      await handOverModule()
    ).handOver(server === undefined ? job : { ...job, server }, { signal, onProgress });
    return { ...done.result, link: checkLinkOf(done.result.push.html_url, done.server), server: done.server };
  }
  // Handed over before the link is shown, and not waited for (lib/watch/outbox.ts): a popup closed as soon as
  // its link appears still has it recorded. The popup's own database write, awaited here until issue 37, cost
  // 9–14 ms of Create → link; written while the link was drawn, one went missing with a popup closed at once.
  const { recorded: _, ...sent } = await createAndRecord(
    client,
    input,
    ({ push, server: to }) =>
      sendToRecord(push, { server: to, kind: state.kind, subject: formSubject(state) }).catch(
        (error: unknown) =>
          // The push exists and its link is shown; only the recent list will miss it. Reported, not hidden.
          console.error('The new push could not be added to the recent list', error),
      ),
    { signal },
  );
  return sent;
}
