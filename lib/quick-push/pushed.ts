/**
 * After a quick push exists: record it, and hand its link on only once lib/push/link.ts passed it. A link
 * on another origin than the server waits for the person's "Copy anyway" (issue 9 #3); any other refused
 * link is never copied. Nothing here may offer to send the push again.
 */
import type { Push } from '@/lib/api';
import { handoffOf, type Handoff } from '@/lib/handoff';
import { expiryInWords, urlSubject, type LinkCheck } from '@/lib/push';
import type { HeldLinks } from './held';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { pushKey } from '@/lib/watch/view';
import {
  DEMO_PREFIX,
  ELSEWHERE_PREFIX,
  NOTICE_PREFIX,
  noticeId,
  pushOfNotice,
  type Notifier,
} from './notifier';
import { wireKind, type QuickPushKind, type QuickPushOutcome, type QuickRequest } from './types';
import { t } from '@/lib/i18n';

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
