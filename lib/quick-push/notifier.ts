/**
 * Quick push notifications. Ids carry a prefix so the background's notification listeners act only on
 * ours (the watcher raises notifications too).
 */
import { notificationIconUrl } from '@/lib/icon';

export const NOTICE_PREFIX = 'quick-push:';
export const FAILED_PREFIX = `${NOTICE_PREFIX}failed:`;

export interface Notice {
  title: string;
  message: string;
  /** Offer "Try again" (a failure whose request is held). */
  retry: boolean;
}

export interface Notifier {
  show(id: string, notice: Notice): Promise<void>;
  clear(id: string): Promise<void>;
}

export const TRY_AGAIN = 'Try again';

/**
 * Chrome shows a "Try again" button and keeps a failure on screen until the person acts on it. Firefox has
 * no notification buttons, so there the whole notification is the "Try again" and its text says so.
 */
export function browserNotifier(options: { buttons: boolean }): Notifier {
  return {
    async show(id, notice) {
      const retry = notice.retry
        ? options.buttons
          ? { buttons: [{ title: TRY_AGAIN }], requireInteraction: true }
          : { message: `${notice.message} Click here to try again.` }
        : {};
      await browser.notifications.create(id, {
        type: 'basic',
        iconUrl: notificationIconUrl(),
        title: notice.title,
        message: notice.message,
        ...retry,
      });
    },
    async clear(id) {
      await browser.notifications.clear(id);
    },
  };
}
