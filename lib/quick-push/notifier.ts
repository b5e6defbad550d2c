/**
 * Quick push notifications. Ids carry a prefix so the background's notification listeners act only on
 * ours (the watcher raises notifications too).
 */
import { notificationIconUrl } from '@/lib/icon';
import { t, type MessageKey } from '@/lib/i18n';
import type { Notifications } from 'webextension-polyfill';

export const NOTICE_PREFIX = 'quick-push:';
export const FAILED_PREFIX = `${NOTICE_PREFIX}failed:`;
/** A push whose link points to another origin: its notification's action is "Copy anyway". */
export const ELSEWHERE_PREFIX = `${NOTICE_PREFIX}elsewhere:`;
/** A demo push, whose link opens only in this browser: its notification's action is "Connect a server". */
export const DEMO_PREFIX = `${NOTICE_PREFIX}demo:`;

export interface Notice {
  title: string;
  message: string;
  /** Offer "Try again" (a failure whose request is held). */
  retry: boolean;
  /** Offer "Copy anyway" (a link on another origin, held until the person says so). */
  copyAnyway?: boolean;
  /** Offer "Connect a server" (a demo link, which opens only in this browser). */
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
  connect: { button: 'quick_connectServer', click: 'quick_clickConnectServer' },
} as const satisfies Record<string, { button: MessageKey; click: MessageKey }>;

/** The notice's one action, if it has one. */
function actionOf(notice: Notice) {
  if (notice.retry) return ACTIONS.retry;
  if (notice.copyAnyway) return ACTIONS.copyAnyway;
  return notice.connect ? ACTIONS.connect : undefined;
}

/**
 * Chrome shows a "Try again" (or "Copy anyway") button and keeps the notification on screen until the
 * person acts on it; "Connect a server" is a button too, but that notice goes as any other (nothing waits
 * on it). Firefox has no notification buttons, so there the whole notification is the action and its text
 * says so.
 */
export function browserNotifier(options: { buttons: boolean }): Notifier {
  return {
    async show(id, notice) {
      const action = actionOf(notice);
      const retry = action
        ? options.buttons
          ? { buttons: [{ title: t(action.button) }], requireInteraction: action !== ACTIONS.connect }
          : { message: t('quick_withAction', notice.message, t(action.click)) }
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
