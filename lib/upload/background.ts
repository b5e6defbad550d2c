/**
 * The background's part of uploads (issue 37 #6): it opens the place where uploads run, gives the offscreen
 * document the settings it cannot read, records each new file push, and says in a notification how an
 * upload ended when no popup was there to take it. In Firefox the background page is that place itself.
 * Registered on every start; nothing depends on an earlier life of the worker.
 */
import { describeError } from '@/lib/api/describe';
import { connectSaved } from '@/lib/connection';
import { checkLinkOf } from '@/lib/api/link';
import { t } from '@/lib/i18n';
import { handle, listenForMessages } from '@/lib/messages/runtime';
import { BACKGROUND_IS_WORKER, hasOffscreenDocuments, openOffscreenDocument } from '@/lib/offscreen';
import { platformClipboard } from '@/lib/clipboard/background';
import {
  browserNotifier,
  NOTICE_PREFIX,
  pushedAs,
  sessionHeldLinks,
  type PushedDeps,
} from '@/lib/quick-push';
import { recordCreatedPush } from '@/lib/watch';
import { uploadMessages, type UntakenEnd } from './messages';
import { UPLOADS_CHANNEL } from './protocol';
import { serveUploads } from './runner';

/** Firefox has no notification buttons (as lib/quick-push/background.ts). */
const BUTTONS = !import.meta.env.FIREFOX;

function pushedDeps(): PushedDeps {
  return {
    writeClipboard: platformClipboard(),
    notifier: browserNotifier({ buttons: BUTTONS }),
    links: sessionHeldLinks(),
    // Recorded already, before the popup could show the link (runner.ts).
    record: async () => undefined,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
    report: (what, error) => console.error(what, error),
  };
}

/**
 * The end of an upload no popup took: a new push's link is copied and said as a quick push's is (a click
 * on the notification opens the push); a failure is said with its reason.
 */
export async function sayUntaken(end: UntakenEnd, deps: PushedDeps = pushedDeps()): Promise<void> {
  if (end.status === 'done') {
    const { push, server, subject } = end;
    await pushedAs(
      deps,
      { kind: 'file', subject },
      { push, server, link: checkLinkOf(push.html_url, server) },
    );
    return;
  }
  await deps.notifier.show(`${NOTICE_PREFIX}info:${deps.newId()}`, {
    title: t('popup_uploadFailedTitle'),
    message: describeError(end.error),
    retry: false,
  });
}

const record = (push: Parameters<typeof recordCreatedPush>[0], info: { server: string; subject?: string }) =>
  recordCreatedPush(push, { ...info, kind: 'file' });

/** Wires uploads into the background; returns a function that stops (tests). */
export function registerUploads(): () => void {
  const stop = listenForMessages([
    handle(uploadMessages.ready, async () => {
      if (hasOffscreenDocuments()) await openOffscreenDocument();
      return true;
    }),
    handle(uploadMessages.connection, async ({ server }) => (await connectSaved(server)).settings),
    handle(uploadMessages.record, async ({ push, server, subject }) => {
      await record(push, { server, subject });
      return null;
    }),
    handle(uploadMessages.untaken, async (end) => {
      await sayUntaken(end);
      return null;
    }),
  ]);
  // Firefox: this background page is where uploads run. Chrome's worker bundle leaves the runner out.
  if (BACKGROUND_IS_WORKER || hasOffscreenDocuments()) return stop;
  const stopServing = serveUploads({
    channel: new BroadcastChannel(UPLOADS_CHANNEL),
    connect: async (server) => (await connectSaved(server)).settings,
    record,
    untaken: async (end, { subject }) =>
      sayUntaken(
        end.status === 'done'
          ? { status: 'done', push: end.result.push, server: end.server, subject }
          : { status: 'failed', error: end.error },
      ),
  });
  return () => {
    stop();
    stopServing();
  };
}
