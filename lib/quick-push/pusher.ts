/**
 * The quick push itself, the same for every menu item and the keyboard shortcut: create with the saved
 * defaults, copy the link once it passed the link check (pushed.ts), say when it expires; on failure say why and offer "Try again". Everything that
 * touches the browser or the network comes in as a dependency, so tests run it against the real mock
 * backend with fakes for the rest.
 */
import { createQuickPush, type CreateDeps, type QuickConnection } from './create';
import type { Destination } from '@/lib/connection';
import type { HeldPushes } from './held';
import { FAILED_PREFIX, NOTICE_PREFIX } from './notifier';
import { copyAnyway, isElsewhereNotice, pushed, type PushedDeps } from './pushed';
import type { QuickPushOutcome, QuickRequest } from './types';
import { t, type MessageKey } from '@/lib/i18n';

export type { QuickConnection } from './create';

export interface QuickPushDeps extends CreateDeps, PushedDeps {
  /** Failed requests held for "Try again". */
  held: HeldPushes;
  /**
   * Where the saved settings send a push now: read only when a push failed before its connection said
   * where it was going, so its "Try again" still goes there.
   */
  destination(): Promise<Destination | null>;
  /** Whether the organization allows this kind of push now (asked again before "Try again" sends). */
  kindAllowed(request: QuickRequest): Promise<boolean>;
}

export interface QuickPusher {
  /** Sends a request once (over `connection` when the caller already started it, else a new one). */
  push(
    request: QuickRequest,
    connection?: Promise<QuickConnection | { refused: string }>,
  ): Promise<QuickPushOutcome>;
  /** Nothing can be sent (no selection, a page that cannot be read): says so in a notification. */
  nothing(message: string): Promise<QuickPushOutcome>;
  /**
   * "Try again" on a failure notification: sends its held request once more, if still held, to where it
   * was going; when that place cannot be reached any more, says why and sends nothing.
   */
  tryAgain(notificationId: string): Promise<QuickPushOutcome>;
  /** "Copy anyway" on a link that points elsewhere: copies it, once, now that the person said so. */
  copyAnyway(notificationId: string): Promise<QuickPushOutcome>;
  /** A notification was closed: whatever it held is dropped. */
  dismissed(notificationId: string): Promise<void>;
}

/** A failure's title, by what was being pushed. */
const FAILED_TITLE: Record<QuickRequest['kind'], MessageKey> = {
  text: 'quick_failedText',
  url: 'quick_failedLink',
  image: 'quick_failedImage',
};

/** True for the ids of failure notifications this module raised. */
export function isFailureNotice(id: string): boolean {
  return id.startsWith(FAILED_PREFIX);
}

/** Says in a notification that nothing was sent, and why. */
async function nothing(deps: QuickPushDeps, message: string): Promise<QuickPushOutcome> {
  const notificationId = `${NOTICE_PREFIX}info:${deps.newId()}`;
  await deps.notifier.show(notificationId, { title: t('quick_nothingTitle'), message, retry: false });
  return { status: 'nothing', notificationId, message };
}

/** Where a failed push was going: as its connection said, else as the settings say now. */
async function destinationOfFailure(deps: QuickPushDeps, known: Destination | null | undefined) {
  return known === undefined ? deps.destination() : known;
}

/** Holds the request for "Try again" and says in a notification why it failed. */
async function failed(
  deps: QuickPushDeps,
  request: QuickRequest,
  message: string,
  destination: Destination | null | undefined,
): Promise<QuickPushOutcome> {
  const notificationId = `${FAILED_PREFIX}${deps.newId()}`;
  let retry = true;
  try {
    await deps.held.put(notificationId, {
      request,
      destination: await destinationOfFailure(deps, destination),
    });
  } catch (error) {
    // Without the held request (e.g. storage.session full with a large image address) there is nothing
    // to try again with: say only what failed.
    deps.report('Could not hold the request for "Try again"', error); // i18n-ignore: logged for developers
    retry = false;
  }
  const title = t(FAILED_TITLE[request.kind]);
  try {
    await deps.notifier.show(notificationId, { title, message, retry });
  } catch (error) {
    // No notification, so no "Try again" can ever ask for the text: it must not stay held.
    if (retry)
      await deps.held
        .remove(notificationId)
        // i18n-ignore: logged for developers
        .catch((removeError: unknown) => deps.report('Could not drop the held request', removeError));
    throw error;
  }
  return { status: 'failed', notificationId, message, retry };
}

/** Says that a held push was not sent because its destination cannot be reached any more; holds nothing. */
async function refused(
  deps: QuickPushDeps,
  request: QuickRequest,
  message: string,
): Promise<QuickPushOutcome> {
  const notificationId = `${NOTICE_PREFIX}refused:${deps.newId()}`;
  await deps.notifier.show(notificationId, { title: t(FAILED_TITLE[request.kind]), message, retry: false });
  return { status: 'failed', notificationId, message, retry: false };
}

export function createQuickPusher(deps: QuickPushDeps): QuickPusher {
  // A double click on "Try again" must not send twice: the first click owns the id until it is done.
  const retrying = new Set<string>();

  async function send(
    request: QuickRequest,
    connection?: Promise<QuickConnection | { refused: string }>,
    destination?: Destination,
  ): Promise<QuickPushOutcome> {
    const created = await createQuickPush(
      deps,
      request,
      (made) => pushed(deps, request, made),
      connection,
      destination,
    );
    if ('refused' in created) return refused(deps, request, created.refused);
    if ('reason' in created) return failed(deps, request, created.reason, created.destination);
    return created.recorded;
  }

  return {
    push: send,
    nothing: (message) => nothing(deps, message),

    async tryAgain(notificationId) {
      if (retrying.has(notificationId))
        return { status: 'nothing', notificationId, message: t('quick_alreadySending') };
      retrying.add(notificationId);
      try {
        // Taken out before sending: whatever happens next, this notification cannot send it a second time.
        const held = await deps.held.take(notificationId);
        await deps.notifier.clear(notificationId);
        if (!held) return await nothing(deps, t('quick_requestGone'));
        if (!(await deps.kindAllowed(held.request))) return await nothing(deps, t('policy_kindNotAllowed'));
        return await send(held.request, undefined, held.destination ?? undefined);
      } finally {
        retrying.delete(notificationId);
      }
    },

    copyAnyway: (notificationId) => copyAnyway(deps, notificationId),

    async dismissed(notificationId) {
      if (isFailureNotice(notificationId) && !retrying.has(notificationId))
        await deps.held.remove(notificationId);
      if (isElsewhereNotice(notificationId)) await deps.links.remove(notificationId);
    },
  };
}
