/**
 * Quick push notifications. Ids carry a prefix so the background's notification listeners act only on
 * ours (the watcher raises notifications too).
 */
import { notificationIconUrl } from '@/lib/icon';
import { t, type MessageKey } from '@/lib/i18n';
import type { Notifications } from 'webextension-polyfill';
import { keyHash, parsePushHash } from '@/lib/watch/view';

export const NOTICE_PREFIX = 'quick-push:';
export const FAILED_PREFIX = `${NOTICE_PREFIX}failed:`;
/** A push whose link points to another origin: its notification's action is "Copy anyway". */
export const ELSEWHERE_PREFIX = `${NOTICE_PREFIX}elsewhere:`;
/** A demo push, whose link opens only in this browser: its notification's action is "Connect a server". */
export const DEMO_PREFIX = `${NOTICE_PREFIX}demo:`;

/**
 * A notification's id: its kind's prefix, a fresh id, and the address of the push it is about (issue 19: a
 * click on it opens that push in the dashboard), after a '|' (no prefix or fresh id holds one). Kept in
 * the id, not in storage: it outlives a restart of the worker as long as the notification does. The address
 * holds the push's opaque key (lib/watch/push-address.ts), never its token: a system's notification centre
 * may keep the id.
 */
export function noticeId(prefix: string, unique: string, pushKey?: string): string {
  return pushKey ? `${prefix}${unique}|${keyHash(pushKey)}` : `${prefix}${unique}`;
}

/** The key of the push a quick-push notification is about, from its id; null for one about none (a failure's). */
export function pushOfNotice(id: string): string | null {
  const bar = id.indexOf('|');
  return id.startsWith(NOTICE_PREFIX) && bar >= 0 ? parsePushHash(id.slice(bar + 1)) : null;
}

export interface Notice {
  title: string;
  message: string;
  /** Offer "Try again" (a failure whose request is held). */
  retry: boolean;
  /** Offer "Copy anyway" (a link on another origin, held until the person says so). */
  copyAnyway?: boolean;
  /**
   * Offer "Connect a server" (a demo link, which opens only in this browser): a button in Chrome; none in
   * Firefox, where a click on the notification opens the push (the dashboard's demo banner links Settings).
   */
  connect?: boolean;
}

export interface Notifier {
  show(id: string, notice: Notice): Promise<void>;
  clear(id: string): Promise<void>;
}

/**
 * The options a notification is created with: webextension-polyfill's, which follow Firefox, plus Chrome's
 * `buttons`. Firefox refuses buttons and has no requireInteraction, so it gets neither (browserNotifier's
 * `buttons`).
 */
export type NotificationOptions = Notifications.CreateNotificationOptions & {
  buttons?: { title: string }[];
  requireInteraction?: boolean;
};

/** A notification's one action: its button (Chrome), or what a click on it does (Firefox). */
const ACTIONS = {
  retry: { button: 'quick_tryAgain', click: 'quick_clickTryAgain' },
  copyAnyway: { button: 'quick_copyAnyway', click: 'quick_clickCopyAnyway' },
  connect: { button: 'quick_connectServer' },
} as const satisfies Record<string, { button: MessageKey; click?: MessageKey }>;

/** The notice's one action, if it has one with these buttons (or without: Firefox's). */
function actionOf(notice: Notice, buttons: boolean) {
  if (notice.retry) return ACTIONS.retry;
  if (notice.copyAnyway) return ACTIONS.copyAnyway;
  return notice.connect && buttons ? ACTIONS.connect : undefined;
}

/**
 * Chrome shows a "Try again" (or "Copy anyway") button and keeps the notification on screen until the
 * person acts on it; "Connect a server" is a button too, but that notice goes as any other (nothing waits
 * on it). Firefox has no notification buttons, so there the whole notification is the action and its text
 * says so; a notification with no such action opens its push when clicked, in both browsers.
 */
export function browserNotifier(options: { buttons: boolean }): Notifier {
  return {
    async show(id, notice) {
      const action = actionOf(notice, options.buttons);
      const retry = action
        ? options.buttons
          ? { buttons: [{ title: t(action.button) }], requireInteraction: action !== ACTIONS.connect }
          : 'click' in action && { message: t('quick_withAction', notice.message, t(action.click)) }
        : {};
      const created: NotificationOptions = {
        type: 'basic',
        iconUrl: notificationIconUrl(),
        title: notice.title,
        message: notice.message,
        ...retry,
      };
      await browser.notifications.create(id, created);
    },
    async clear(id) {
      await browser.notifications.clear(id);
    },
  };
}
