/**
 * The background's side of lib/interrupted, registered on every start: the creates an earlier life began
 * and never finished are each said in a notification (the push may exist without being in the dashboard or
 * on the clipboard), whose click opens the dashboard.
 */
import { t } from '@/lib/i18n';
import { notificationIconUrl } from '@/lib/icon';
import type { Notifications } from 'webextension-polyfill';
import { backgroundPendingCreates, type PendingCreates } from './pending';

/** The ids of this module's notifications. */
export const INTERRUPTED_PREFIX = 'interrupted:';

/** Chrome keeps a notice on screen until the person acts; Firefox has no requireInteraction. */
const STAYS = !import.meta.env.FIREFOX;

export interface InterruptedDeps {
  pending: PendingCreates;
  show(id: string, notice: { title: string; message: string }): Promise<void>;
  openDashboard(): Promise<void>;
}

/**
 * The id of the notification about an interrupted create: named by its mark (Mark.id), so the life that
 * marked it can say which notification will tell of it.
 */
export function interruptedNotice(markId: string): string {
  return `${INTERRUPTED_PREFIX}${markId}`;
}

/** Says each create an earlier life left unfinished; resolves once every notification was raised. */
export async function reportInterrupted(deps: InterruptedDeps): Promise<number> {
  const interrupted = await deps.pending.takeInterrupted();
  for (const { id } of interrupted)
    await deps.show(interruptedNotice(id), {
      title: t('fault_interruptedTitle'),
      message: t('fault_interruptedBody'),
    });
  return interrupted.length;
}

function defaultDeps(pending: PendingCreates): InterruptedDeps {
  return {
    pending,
    show: async (id, notice) => {
      const options: Notifications.CreateNotificationOptions & { requireInteraction?: boolean } = {
        type: 'basic',
        iconUrl: notificationIconUrl(),
        ...notice,
        ...(STAYS ? { requireInteraction: true } : {}),
      };
      await browser.notifications.create(id, options);
    },
    openDashboard: async () => {
      await browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html') });
    },
  };
}

/**
 * Reports what earlier lives left (on every start: a stopped worker's next start is the first moment it
 * can be said) and opens the dashboard on a click of such a notice. Returns this life's pending creates,
 * for the features that create (quick push, the demo service's relay).
 */
export function registerInterrupted(
  pending: PendingCreates = backgroundPendingCreates(),
  overrides: Partial<InterruptedDeps> = {},
): { pending: PendingCreates; reported: Promise<number> } {
  const deps = { ...defaultDeps(pending), ...overrides };
  browser.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(INTERRUPTED_PREFIX)) return;
    Promise.all([deps.openDashboard(), browser.notifications.clear(id)]).catch(
      (error: unknown) => console.error('Could not open the dashboard', error), // i18n-ignore: logged for developers
    );
  });
  const reported = reportInterrupted(deps).catch((error: unknown) => {
    console.error('Could not report the interrupted creates', error); // i18n-ignore: logged for developers
    return 0;
  });
  return { pending, reported };
}
