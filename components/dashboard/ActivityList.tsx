import { useState } from 'preact/hooks';
import { plural, t, type MessageKey } from '@/lib/i18n';
import { pushHash, pushLabel, userAgentName } from '@/lib/watch/view';
import type { WatchEvent } from '@/lib/watch/types';
import { When } from './When';

export interface ActivityListProps {
  /** Newest first; the container limits how many. */
  events: WatchEvent[];
  /** The name each event's push is shown under (pushLabel), by url_token. */
  titles: Record<string, string>;
  /** The page's clock (ms), moving once a minute. */
  now: number;
  /** Whether failed attempts raise a notification (their own setting), and its switch; absent: not shown. */
  failedAlerts?: { on: boolean; onChange: (on: boolean) => void };
}

/** How many events show before "Show all". */
export const SHORT_ACTIVITY = 3;

const EVENT_WORDS: Record<WatchEvent['kind'], MessageKey> = {
  viewed: 'dash_eventViewed',
  failed_passphrase: 'dash_eventFailedPassphrase',
  failed_view: 'dash_eventFailedView',
  expired: 'dash_eventExpired',
  deleted: 'dash_eventDeleted',
};

/**
 * "2 views left, Safari on iOS": the recipient named by their device, as the notifications do
 * (lib/watch/background/notify.ts); their IP address only in the push's audit log (AuditTimeline, issue 37).
 */
function details(event: WatchEvent): string {
  const parts = [
    event.views_left === undefined ? undefined : plural('watch_viewsLeft', event.views_left),
    event.user_agent?.trim() && userAgentName(event.user_agent),
  ].filter((part): part is string => Boolean(part));
  // Joined with the reader's comma ("a, b", "a、b", "a، b"): Intl.ListFormat would add "and" ("et", "und").
  return parts.length ? ` — ${parts.reduce((all, part) => t('dash_listJoin', all, part))}` : '';
}

/**
 * What the watcher learnt, newest first: the last few, the rest on demand; unseen ones marked "New". Each
 * names its push by a link to the push's own row (issue 37).
 */
export function ActivityList({ events, titles, now, failedAlerts }: ActivityListProps) {
  const [all, setAll] = useState(false);
  const listed = all ? events : events.slice(0, SHORT_ACTIVITY);
  return (
    <section aria-labelledby="activity-title" class="activity">
      <div class="section-head">
        <h2 id="activity-title">{t('dash_activityTitle')}</h2>
        {events.length > SHORT_ACTIVITY && (
          <button
            type="button"
            class="link-button"
            aria-expanded={all}
            aria-controls="activity-list"
            onClick={() => setAll(!all)}
          >
            {all ? t('dash_activityShowFewer') : t('dash_activityShowAll', events.length)}
          </button>
        )}
      </div>
      {failedAlerts && (
        <label class="check">
          <input
            type="checkbox"
            checked={failedAlerts.on}
            onChange={(event) => failedAlerts.onChange(event.currentTarget.checked)}
          />{' '}
          {t('dash_notifyFailedAttempts')}
        </label>
      )}
      {events.length === 0 ? (
        <p class="hint">{t('dash_activityEmpty')}</p>
      ) : (
        <ul id="activity-list">
          {listed.map((event) => (
            <li key={event.id}>
              <span class="hint">
                <When at={event.at} now={now} past />
              </span>
              <span>
                {!event.seen && <strong class="badge new">{t('dash_activityNew')}</strong>}{' '}
                {/* Its push's own address (lib/watch/push-address.ts): the page opens, shows and focuses that row. */}
                <a href={pushHash(event)}>
                  {titles[event.url_token] ?? pushLabel({ name: '', note: '', url_token: event.url_token })}
                </a>{' '}
                — {t(EVENT_WORDS[event.kind])}
                <span class="hint">{details(event)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
