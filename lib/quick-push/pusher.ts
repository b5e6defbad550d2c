/**
 * The quick push itself, the same for every menu item and the keyboard shortcut: the saved connection
 * (lib/connection's kept connections), the create request with the saved defaults (and the image when there
 * is one), one createAndRecord, then the copy of a link that passed the link check and a word on when it
 * expires (pushed.ts); on failure, why in one sentence and "Try again". Everything that touches the browser
 * or the network comes in as a dependency, so tests run it against the real mock backend with fakes for the
 * rest.
 */
import { describeError, type ApiClient, type CreatePushInput } from '@/lib/api';
import { createAndRecord, type CreatedPush, type Destination, type KeptConnections } from '@/lib/connection';
import { AppError } from '@/lib/errors';
import type { Policy, Preset, PushDefaults, Settings } from '@/lib/settings';
import { presetById, presetFit, presetName, presetProblemText, type PresetOptions } from '@/lib/presets';
import type { HeldPushes } from './held';
import type { ImageFetch, ImageFile } from './image';
import { FAILED_PREFIX, NOTICE_PREFIX } from './notifier';
import { copyAnyway, isElsewhereNotice, pushed, type PushedDeps } from './pushed';
import type { ImageRequest, QuickPushOutcome, QuickRequest } from './types';
import { t, type MessageKey } from '@/lib/i18n';
import { chatAppById, guarded } from '@/lib/chat-guard';
import type { Mark, PendingCreates } from '@/lib/interrupted';

// The connection and the create request.

export interface QuickConnection {
  client: ApiClient;
  /** lib/connection/target.ts isSignedIn: file pushes need a token (the demo service always has one). */
  signedIn: boolean;
  defaults: PushDefaults;
  /** The presets in force (absent: the one preset of `defaults`) and the policy bounding them. */
  presets?: readonly Preset[];
  policy?: Policy;
  /** Where the push goes (held with a failed request, so "Try again" goes there); null: nowhere saved. */
  destination: Destination | null;
}

/**
 * The connection of the saved settings; with a `destination`, to that place only, or `refused` with the
 * reason it cannot be reached any more (nothing is sent then). `settings`: the settings in force as the
 * caller already read them (lib/settings loadSettings), so one push reads them once.
 */
export type Connect = (
  destination?: Destination,
  settings?: Promise<Settings>,
) => Promise<QuickConnection | { refused: string }>;

/** connect() over a context's kept connections (the background's, lib/connection client.ts). */
export function quickConnect(connections: KeptConnections): Connect {
  return async (destination, settings) => {
    const connected = await connections.connectTo(destination, settings);
    if ('refused' in connected) return connected;
    const { client, signedIn, target } = connected;
    const { defaults, presets, policy } = connected.settings;
    return {
      client,
      signedIn,
      defaults,
      ...(presets ? { presets } : {}),
      ...(policy ? { policy } : {}),
      destination: target.destination,
    };
  };
}

export interface CreateDeps {
  connect: Connect;
  /** A new passphrase (lib/generator's words), for a preset with "passphrase on". */
  makePassphrase(): Promise<string>;
  fetchImage(request: ImageRequest): Promise<ImageFetch>;
}

/** What one create ended with: `recorded`, what the caller's record step returned. */
export type Created<R> =
  | { recorded: R }
  /** It failed; `destination` is where it was going, when the connection got that far. */
  | { reason: string; destination?: Destination | null }
  /** Its destination cannot be reached any more: nothing was sent, and nothing is to be tried again. */
  | { refused: string };

/**
 * Creates the push and hands it, with the verdict on its link (lib/push/link.ts), to `record` in the
 * answer's turn (lib/connection createAndRecord), with whether the chat-preview guard turned its retrieval
 * step on (lib/chat-guard: the notification says so); or says in one sentence why there is none. `record`'s
 * own failures are its own: they never become a failed create (nothing may offer to send the push again).
 * `destination`: only there ("Try again"), else where the saved settings point now. `sent`: called the
 * moment the create request has left (the caller's write-ahead mark, lib/interrupted).
 */
export async function createQuickPush<R>(
  deps: CreateDeps,
  request: QuickRequest,
  record: (created: CreatedPush, notes: { guarded: boolean; passphrase?: string }) => R,
  connection?: Promise<QuickConnection | { refused: string }>,
  destination?: Destination,
  sent: () => void = () => undefined,
): Promise<Created<R>> {
  let reached: Destination | null | undefined = destination;
  try {
    const connected = await (connection ?? deps.connect(destination));
    if ('refused' in connected) return connected;
    reached = connected.destination;
    const { client, signedIn } = connected;
    // The request's preset (a "… as ▸" entry), else the first; one the server or the organization cannot
    // honour is not changed to fit: nothing is sent, and the notification says why.
    const preset = presetById({ ...connected, presets: connected.presets?.slice() }, request.preset);
    const fit = presetFit(preset, { edition: await client.edition(), signedIn, policy: connected.policy });
    if (!fit.ok)
      return { refused: t('preset_cannotUse', presetName(preset), presetProblemText(fit.problem)) };
    let image: ImageFile | undefined;
    if (request.kind === 'image') {
      // Checked before downloading anything: the server refuses a file push without a token anyway.
      if (!signedIn)
        return { reason: describeError(new AppError('sign-in-required', 'No token.')), destination: reached };
      const fetched = await deps.fetchImage(request);
      if (!fetched.ok) return { reason: fetched.reason, destination: reached };
      image = fetched.file;
    }
    // The guard applies on top of the preset's options (lib/chat-guard).
    const { options, turnedOn } = guarded(fit.options, chatAppById(request.chat));
    const input = quickCreateInput(request, options, image);
    // "Passphrase on": one is made here and goes to the popup's hand-off with the link (pushed.ts).
    const passphrase = options.passphrase ? await deps.makePassphrase() : undefined;
    if (passphrase) input.passphrase = passphrase;
    const creating = createAndRecord(client, input, (made) =>
      record(made, { guarded: turnedOn, passphrase }),
    );
    // The request has left (createPush sends it in this turn): now the caller marks it as under way.
    sent();
    const { recorded } = await creating;
    return { recorded };
  } catch (error) {
    return { reason: describeError(error), destination: reached };
  }
}

/**
 * The create request of a quick push: the payload (or the image) with a preset's options (lib/presets
 * presetFit: the expiry in the form the server's edition takes exactly, the e-mails and the note). The
 * passphrase, when the preset asks for one, is added by createQuickPush: it is generated, and only the
 * popup's hand-off ever shows it (a notification must never hold it).
 */
export function quickCreateInput(
  request: QuickRequest,
  preset: Omit<PresetOptions, 'notifyEmails' | 'note'> &
    Partial<Pick<PresetOptions, 'notifyEmails' | 'note'>>,
  image?: ImageFile,
): CreatePushInput {
  const options: CreatePushInput = {
    expire_after_views: preset.expireAfterViews,
    retrieval_step: preset.retrievalStep,
    deletable_by_viewer: preset.deletableByViewer,
  };
  if (preset.expireAfterDuration !== undefined) options.expire_after_duration = preset.expireAfterDuration;
  if (preset.expireAfterDays !== undefined) options.expire_after_days = preset.expireAfterDays;
  if (preset.notifyEmails?.trim()) options.notify_emails_to = preset.notifyEmails.trim();
  if (preset.note) options.note = preset.note;
  if (request.name) options.name = request.name;
  if (request.kind !== 'image') return { kind: request.kind, payload: request.payload, ...options };
  if (!image) throw new AppError('internal', 'An image push needs the fetched image.');
  return { kind: 'file', files: [image], ...options };
}

// The push, its failure and "Try again".

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
  /**
   * The write-ahead record of each push under way (lib/interrupted): a background stopped before the push
   * was recorded leaves it behind, and its next start says the push may not be in the dashboard.
   */
  pending: PendingCreates;
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
    // Marked the moment its request left, beside the wait for the server's answer (a mark written before it
    // would cost the warm quick push a storage round trip: issue 22's budget), and done only once the push
    // is recorded or the create failed.
    let mark: Mark | undefined;
    try {
      const created = await createQuickPush(
        deps,
        request,
        (made, notes) => pushed(deps, request, made, notes),
        connection,
        destination,
        () => {
          mark = deps.pending.begin('quick-push');
          // A mark storage refused leaves this push unmarked; it goes on all the same.
          // i18n-ignore: logged for developers
          mark.written.catch((error: unknown) => deps.report('Could not mark the push as under way', error));
        },
      );
      if ('refused' in created) return await refused(deps, request, created.refused);
      if ('reason' in created) return await failed(deps, request, created.reason, created.destination);
      return await created.recorded;
    } finally {
      // i18n-ignore: logged for developers
      await mark?.done().catch((error: unknown) => deps.report('Could not mark the push as done', error));
    }
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
