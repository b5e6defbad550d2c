/**
 * The quick push itself, the same for every menu item and the keyboard shortcut: the saved connection
 * (lib/connection's kept connections), the create request with the saved defaults (and the image when there
 * is one), one createAndRecord, then the record and the copy of a link that passed the link check with a
 * word on when it expires (one file: the push from its request to its notification); on failure, why in one
 * sentence and "Try again". Everything that touches the browser
 * or the network comes in as a dependency, so tests run it against the real mock backend with fakes for the
 * rest.
 */
import { describeError, type ApiClient, type CreatePushInput, type LinkCheck, type Push } from '@/lib/api';
import { createAndRecord, type CreatedPush, type Destination, type KeptConnections } from '@/lib/connection';
import { AppError, isAppError, unanswered } from '@/lib/errors';
import type { Policy, Preset, PushDefaults, Settings } from '@/lib/settings';
import { presetById, presetFit, presetName, presetProblemText, type PresetOptions } from '@/lib/presets';
import { handoffOf, type Handoff } from '@/lib/handoff';
import { expiryInWords, urlSubject } from '@/lib/push';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { pushKey } from '@/lib/watch/view';
import type { HeldLinks, HeldPushes } from './held';
import type { ImageFetch, ImageFile } from './image';
import {
  DEMO_PREFIX,
  ELSEWHERE_PREFIX,
  FAILED_PREFIX,
  NOTICE_PREFIX,
  noticeId,
  pushOfNotice,
  type Notifier,
} from './notifier';
import {
  wireKind,
  type ImageRequest,
  type QuickPushKind,
  type QuickPushOutcome,
  type QuickRequest,
} from './types';
import { t, type MessageKey } from '@/lib/i18n';
import { chatAppById, guarded } from '@/lib/chat-guard';
import { interruptedNotice, type LifeEnd, type Mark, type PendingCreates } from '@/lib/interrupted';

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
  /**
   * It failed; `destination` is where it was going, when the connection got that far. `unanswered`: no
   * answer came from the server (lib/errors), which may have made the push all the same; `cancelled`: its
   * request was cancelled, which a quick push never does itself: the browser did, closing the background.
   */
  | { reason: string; destination?: Destination | null; unanswered?: boolean; cancelled?: boolean }
  /** Its destination cannot be reached any more: nothing was sent, and nothing is to be tried again. */
  | { refused: string };

/**
 * Creates the push and hands it, with the verdict on its link (lib/api/link.ts), to `record` in the
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
    // "Passphrase on": one is made here and goes to the popup's hand-off with the link (pushed below).
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
    const cancelled = isAppError(error, 'aborted');
    return {
      reason: describeError(error),
      destination: reached,
      ...(unanswered(error) ? { unanswered: true } : {}),
      ...(cancelled ? { cancelled } : {}),
    };
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

// After the push exists: record it, and hand its link on only once lib/api/link.ts passed it. A link on
// another origin than the server waits for the person's "Copy anyway" (issue 9 #3); any other refused link is
// never copied. Nothing here may offer to send the push again.

export interface PushedDeps {
  writeClipboard(text: string): Promise<void>;
  notifier: Notifier;
  /** Links waiting for "Copy anyway". */
  links: HeldLinks;
  record(push: Push, info: { server: string; kind?: QuickPushKind; subject?: string }): Promise<void>;
  now(): number;
  newId(): string;
  /** Failures after the push exists (recording, copying): logged, never turned into a new send. */
  report(what: string, error: unknown): void;
  /**
   * Keeps a push's result where the popup shows it again (lib/handoff, storage.session: memory only), for
   * a quick push with a passphrase, whose one place to show it is the popup (issue 39). Quick push always
   * has it; a file upload's after-create steps (lib/upload) never carry a passphrase here.
   */
  keepHandoff?(handoff: Handoff): Promise<void>;
}

/** What the push's label may show (lib/push/label.ts): a link's host; nothing of a text or an image. */
function subjectOf(request: QuickRequest): string | undefined {
  return request.kind === 'url' ? urlSubject(request.payload) : undefined;
}

/** True for the ids of "Copy anyway" notifications this module raised. */
export function isElsewhereNotice(id: string): boolean {
  return id.startsWith(ELSEWHERE_PREFIX);
}

/** True for the ids of demo-link notifications, whose action is "Connect a server". */
export function isDemoNotice(id: string): boolean {
  return id.startsWith(DEMO_PREFIX);
}

/** The words of a copied link's notification: a demo link says it opens only in this browser. */
function copiedWords(
  copied: boolean,
  demo: boolean,
): { title: string; body: 'quick_copiedBody' | 'quick_notCopiedBody' | 'quick_demoCopiedBody' } {
  if (!copied) return { title: t('quick_notCopiedTitle'), body: 'quick_notCopiedBody' };
  if (demo) return { title: t('quick_demoCopiedTitle'), body: 'quick_demoCopiedBody' };
  return { title: t('quick_copiedTitle'), body: 'quick_copiedBody' };
}

/** What a quick push's notice adds: the chat-preview guard's line, where its passphrase waits. */
interface Notes {
  /** The chat-preview guard turned the retrieval step on. */
  guarded?: boolean;
  /** The push's passphrase is kept in the popup's hand-off. */
  passphraseKept?: boolean;
}

/**
 * Copies a link that passed (or that the person chose to copy) and says so, with the chat-preview guard's
 * line on a line of its own when it turned the retrieval step on (`guarded`); a click on the notice opens
 * the push whose key is `key` (lib/watch/push-address.ts) in the dashboard. A demo push's link opens only in this browser (its page is the extension's
 * own viewer): the notice says so, with "Connect a server". `expiry` words the push's expiry for the notice
 * only, so it runs once the link has left for the clipboard (issue 22: its first run in a woken worker
 * builds the Intl formatters, about a millisecond before the copy).
 */
export async function copyAndSay(
  deps: PushedDeps,
  { link, expiry, key }: { link: string; expiry: () => string; key: string | null },
  demo = false,
  { guarded = false, passphraseKept = false }: Notes = {},
): Promise<QuickPushOutcome> {
  const writing = deps.writeClipboard(link);
  const words = expiry();
  const copied = await writing.then(
    () => true,
    (error: unknown) => {
      deps.report('Could not copy the link', error); // i18n-ignore: logged for developers
      return false;
    },
  );
  const connect = copied && demo;
  const prefix = connect ? DEMO_PREFIX : `${NOTICE_PREFIX}pushed:`;
  const notificationId = noticeId(prefix, deps.newId(), key ?? undefined);
  const { title, body } = copiedWords(copied, demo);
  const said = words ? t(`${body}Expiry`, words) : t(body);
  // The guard's line on a line of its own; never the passphrase itself: where to get it.
  const guardLine = guarded ? `\n${t('guard_line')}` : '';
  const message = `${said}${passphraseKept ? ` ${t('preset_passphraseInPopup')}` : ''}${guardLine}`;
  await deps.notifier.show(notificationId, { title, message, retry: false, connect });
  return { status: 'pushed', notificationId, link, copied, message };
}

/** A refused link: held for "Copy anyway" when it only points elsewhere, never copied otherwise. */
async function warn(
  deps: PushedDeps,
  { link, key }: { link: string; key: string },
  check: Exclude<LinkCheck, { ok: true }>,
) {
  const elsewhere = check.code === 'host-mismatch';
  const notificationId = noticeId(
    elsewhere ? ELSEWHERE_PREFIX : `${NOTICE_PREFIX}refused:`,
    deps.newId(),
    key,
  );
  if (elsewhere) await deps.links.put(notificationId, link);
  const message = t(elsewhere ? 'quick_elsewhereBody' : 'quick_unsafeBody', check.message);
  const title = t(elsewhere ? 'quick_elsewhereTitle' : 'quick_unsafeTitle');
  await deps.notifier.show(notificationId, { title, message, retry: false, copyAnyway: elsewhere });
  return { status: 'pushed' as const, notificationId, link, copied: false, message };
}

/**
 * The push exists (lib/connection createAndRecord hands it here in the answer's turn): records it, and copies
 * its link only when it passed the link check. `guarded`: the chat-preview guard turned its retrieval step on.
 */
export async function pushed(
  deps: PushedDeps,
  request: QuickRequest,
  created: { push: Push; server: string; link: LinkCheck },
  { guarded = false, passphrase }: { guarded?: boolean; passphrase?: string } = {},
): Promise<QuickPushOutcome> {
  const what = { kind: wireKind(request), subject: subjectOf(request) };
  if (!passphrase || !created.link.ok) return pushedAs(deps, what, created, { guarded });
  // A preset with a passphrase: the link and its passphrase are kept for the popup (its hand-off, the one
  // place a secret may wait, in memory, for 10 minutes), and the notification says to open it there.
  const { push, server, link } = created;
  const handoff = handoffOf(
    { push },
    { server, demo: server === DEMO_BASE_URL, link: link.url, passphrase, secret: null, savedAt: deps.now() },
  );
  // i18n-ignore: logged for developers
  const keeping = deps.keepHandoff?.(handoff) ?? Promise.reject(new Error('No hand-off to keep it in'));
  const kept = await keeping.then(
    () => true,
    (error: unknown) => {
      deps.report('Could not keep the passphrase for the popup', error); // i18n-ignore: for developers
      return false;
    },
  );
  return pushedAs(deps, what, created, { guarded, passphraseKept: kept });
}

/**
 * pushed() for a push of `kind` made elsewhere than a quick push (a file upload the popup handed over,
 * lib/upload): the same record, copy and notification.
 */
export async function pushedAs(
  deps: PushedDeps,
  { kind, subject }: { kind: QuickPushKind; subject?: string },
  { push, server, link }: { push: Push; server: string; link: LinkCheck },
  notes: Notes = {},
): Promise<QuickPushOutcome> {
  // Recorded while the link is copied and the notification shown: neither waits for the other (the link
  // was on the clipboard only after the cache write, ~4 ms of issue 13's warm quick push). Both are done
  // before the push is reported done.
  // The copy is started first: the record's own first steps (settings, the cache's transaction) would
  // otherwise run before the message to the clipboard leaves.
  // Its notification's click opens it in the dashboard, by the key of the server it is recorded with.
  const key = pushKey({ server, url_token: push.url_token });
  const said = link.ok
    ? copyAndSay(
        deps,
        { link: link.url, expiry: () => expiryInWords(push, deps.now()), key },
        server === DEMO_BASE_URL,
        notes,
      )
    : warn(deps, { link: push.html_url, key }, link);
  const recorded = deps
    .record(push, { server, kind, subject })
    // i18n-ignore: logged for developers
    .catch((error: unknown) => deps.report('Could not record the new push', error));
  const [outcome] = await Promise.all([said, recorded]);
  return outcome;
}

/** "Copy anyway": copies the held link of that notification, once; nothing when it is no longer held. */
export async function copyAnyway(deps: PushedDeps, notificationId: string): Promise<QuickPushOutcome> {
  const link = await deps.links.take(notificationId);
  await deps.notifier.clear(notificationId);
  if (link === undefined) return { status: 'nothing', notificationId, message: t('quick_linkGone') };
  return copyAndSay(deps, { link, expiry: () => '', key: pushOfNotice(notificationId) });
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
  /**
   * This life of the background's end (lib/interrupted's lifeEnding: Firefox's background page hidden for
   * its reload, which aborts its requests, often before the page hears it is going). A create sent and then
   * failed as the page goes (now or within a moment), or cancelled by the browser, may have landed: it is
   * neither said as failed nor held for "Try again", which could make the push twice; its mark stays, and
   * the next life says the push may not be in the dashboard.
   */
  leaving: LifeEnd;
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
    // Set when the create was sent and failed as this life ended: its outcome is unknown, so the mark stays.
    let unknown = false;
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
      // Sent, then no answer as the page goes: the server may have made it. A server's answer (a 422, a 401)
      // says it did not, and a request never sent has no mark.
      if (
        'reason' in created &&
        mark &&
        created.unanswered &&
        (created.cancelled || (await deps.leaving.soon()))
      ) {
        unknown = true;
        return { status: 'unknown', notificationId: interruptedNotice(mark.id), message: created.reason };
      }
      if ('reason' in created) return await failed(deps, request, created.reason, created.destination);
      return await created.recorded;
    } finally {
      if (!unknown)
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
