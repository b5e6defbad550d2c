import { pushLabel } from '@/lib/watch/label';
import type { WatchEvent } from '@/lib/watch/types';
import { formatTime } from './format';

export interface ActivityListProps {
  /** Newest first; the container limits how many. */
  events: WatchEvent[];
  /** The name each event's push is shown under (pushLabel), by url_token. */
  titles: Record<string, string>;
}

const EVENT_WORDS: Record<WatchEvent['kind'], string> = {
  viewed: 'Viewed',
  failed_passphrase: 'Wrong passphrase entered',
  expired: 'Expired',
  deleted: 'Deleted',
};

function details(event: WatchEvent): string {
  const parts = [
    event.views_left === undefined ? undefined : `${event.views_left} views left`,
    event.ip && `from ${event.ip}`,
    event.user_agent,
  ].filter(Boolean);
  return parts.length ? ` — ${parts.join(', ')}` : '';
}

/** What the watcher learnt, newest first; events not seen before are marked "New". */
export function ActivityList({ events, titles }: ActivityListProps) {
  return (
    <section aria-labelledby="activity-title" class="activity">
      <h2 id="activity-title">Recent activity</h2>
      {events.length === 0 ? (
        <p class="hint">Nothing has happened to your pushes yet.</p>
      ) : (
        <ul>
          {events.map((event) => (
            <li key={event.id}>
              {!event.seen && <strong class="badge new">New</strong>}{' '}
              <time dateTime={event.at}>{formatTime(event.at)}</time>:{' '}
              {titles[event.url_token] ?? pushLabel({ name: '', note: '', url_token: event.url_token })} —{' '}
              {EVENT_WORDS[event.kind]}
              {details(event)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
