/**
 * The words of a notification. A push is named by its name, the start of its note, or "Your push" and a
 * short token; the text says what happened. Never the secret: the cache holds none to leak.
 */
import type { TrackedPush, WatchEvent } from './types';

const NOTE_CHARS = 40;
/** Beyond this many events in one refresh, the rest are summed up in one notification. */
export const MAX_NOTIFICATIONS = 5;

export interface NotificationText {
  id: string;
  title: string;
  message: string;
}

type Named = Pick<TrackedPush, 'name' | 'note'>;

/** How a push is called in notifications and lists. */
export function pushLabel(push: Named | undefined, urlToken: string): string {
  const name = push?.name.trim();
  if (name) return name;
  const note = push?.note.trim().replace(/\s+/g, ' ');
  if (note) return note.length > NOTE_CHARS ? `${note.slice(0, NOTE_CHARS).trimEnd()}…` : note;
  return `Your push ${urlToken.slice(0, 6)}`;
}

function viewsLeft(left: number | undefined, total: number | undefined): string {
  if (left === undefined) return '';
  if (left === 0) return ' — no views left';
  const of = total === undefined ? '' : ` of ${total}`;
  return ` — ${left}${of} ${left === 1 && total === undefined ? 'view' : 'views'} left`;
}

/** What happened, in a sentence, e.g. "Viewed from 203.0.113.4 — 2 of 5 views left". */
export function eventMessage(event: WatchEvent, push?: Pick<TrackedPush, 'expire_after_views'>): string {
  const from = event.ip ? ` from ${event.ip}` : '';
  switch (event.kind) {
    case 'viewed':
      return `Viewed${from}${viewsLeft(event.views_left, push?.expire_after_views)}`;
    case 'failed_passphrase':
      return `Wrong passphrase entered${from}`;
    case 'expired':
      if (event.reason === 'views') return 'Expired — all views used';
      if (event.reason === 'time') return 'Expired — its time ran out';
      return 'Expired';
    case 'deleted':
      return 'Deleted — the link no longer opens';
  }
}

/** The notifications for a batch of new events: one each, the rest summed up after MAX_NOTIFICATIONS. */
export function notificationsFor(events: WatchEvent[], pushes: TrackedPush[]): NotificationText[] {
  const byToken = new Map(pushes.map((push) => [`${push.server}|${push.url_token}`, push]));
  const shown = events.slice(
    0,
    events.length > MAX_NOTIFICATIONS ? MAX_NOTIFICATIONS - 1 : MAX_NOTIFICATIONS,
  );
  const texts = shown.map((event) => {
    const push = byToken.get(`${event.server}|${event.url_token}`);
    return { id: event.id, title: pushLabel(push, event.url_token), message: eventMessage(event, push) };
  });
  const rest = events.length - shown.length;
  if (rest > 0)
    texts.push({
      id: `more|${events[events.length - 1]!.id}`,
      title: 'Secret Push',
      message: `${rest} more changes to your pushes`,
    });
  return texts;
}
