import { memo } from './memo';
import { useEffect, useRef, useState } from 'preact/hooks';
import { MoreIcon } from '@/components/icons';
import { openedStatusParts, pushLabel, pushState, stateWords } from '@/lib/watch/view';
import type { TrackedPush } from '@/lib/watch/types';
import { Part, whenLoaded } from '@/components/onDemand';
import { Placed, PLACE } from '@/components/Placed';
import type { AuditState } from './AuditTimeline';
import { CopyButton } from './CopyButton';
import { PUSH_DETAILS } from './parts';
import { shortTime } from '@/lib/format/time';
import { plural, t, uiLocale } from '@/lib/i18n';
import { When } from './When';

/** What can be done with one push; the container decides how. One object for every row, never remade. */
export interface PushActions {
  select: (token: string, on: boolean) => void;
  /** `server`: the push's base URL, whose watcher reads the log. */
  toggleAudit: (token: string, server: string) => void;
  /** Rejects with an Error that says in words why the link was not copied. */
  copyLink: (push: TrackedPush) => Promise<void>;
  /** Asks first: opening the page may use a view. */
  open: (push: TrackedPush) => void;
  expire: (push: TrackedPush) => void;
}

export interface PushItemProps {
  push: TrackedPush;
  /** The page's clock (ms), moving once a minute. */
  now: number;
  selected: boolean;
  audit: AuditState;
  /** Whether the audit log can be read (a token, and a push the server counts). */
  canAudit: boolean;
  /** Whether an API token is set: a push created here is counted from the next refresh only with one. */
  hasToken: boolean;
  renderQr: (text: string) => Promise<string>;
  actions: PushActions;
  /** The push's server, named when several are saved (issue 12); absent: not shown. */
  serverName?: string;
  /** Named by the page's address (dashboard.html#/push/…): expanded, scrolled into view and focused. */
  focused?: boolean;
  /**
   * Whether this row is the list's one tab stop (useRovingRows.ts): Tab reaches the row itself, never its
   * controls, which the arrow keys reach.
   */
  tabStop?: boolean;
}

/**
 * Opens, shows and focuses the row when its address is the page's (once each time it becomes so), once its
 * details part has arrived: focus lands on a row whose details are there.
 */
function useFocused(focused: boolean | undefined, open: () => void) {
  const article = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    whenLoaded(PUSH_DETAILS, () => {
      open();
      const row = article.current;
      row?.scrollIntoView({ block: 'center' });
      row?.focus({ preventScroll: true });
    });
  }, [focused]);
  return article;
}

/** The row's views column: a bar and "3 of 5 views left", or only the most a push followed by time allows. */
function Views({ push }: { push: TrackedPush }) {
  if (push.source === 'local')
    return <span class="push-views hint">{plural('dash_upToViews', push.expire_after_views)}</span>;
  const id = `views-${push.url_token}`;
  return (
    <span class="push-views">
      <progress value={push.views_remaining} max={push.expire_after_views} aria-labelledby={id} />
      <span id={id}>{plural('watch_viewsLeftOf', push.expire_after_views, push.views_remaining)}</span>
    </span>
  );
}

/**
 * Whether recipients opened it, and failed attempts (issues 19 and 37): "Not opened · 1 wrong passphrase
 * 06:16 · Safari on iOS", "Opened 2 times · last 10:42 · Firefox on Linux" (lib/watch/status.ts, which the
 * popup's recent list says too). Nothing for a push followed by time only: nobody can tell.
 */
function Opened({ push, now }: { push: TrackedPush; now: number }) {
  const status = openedStatusParts(push, now);
  if (status === null) return null;
  const opened = push.opened?.count ?? push.expire_after_views - push.views_remaining;
  return (
    <span class={`push-opened${opened > 0 ? ' opened' : ''}`}>
      {status.opened}
      {status.failed && (
        <>
          {' · '}
          <span class="failed">{status.failed}</span>
        </>
      )}
    </span>
  );
}

/** The row's time column: when it ends or ended, or that it has no time limit (one element, issue 22). */
function TimeLeft({ push, now, active }: { push: TrackedPush; now: number; active: boolean }) {
  if (!active)
    return push.expired_on ? (
      <span class="push-time hint">
        <Placed text={t('dash_ended', PLACE)}>
          <When at={push.expired_on} now={now} past />
        </Placed>
      </span>
    ) : null;
  if (!push.expires_at) return <span class="push-time hint">{t('dash_noTimeLimit')}</span>;
  return (
    <span class="push-time">
      <Placed text={t('dash_expires', PLACE)}>
        <When at={push.expires_at} now={now} />
      </Placed>
    </span>
  );
}

interface NameProps {
  push: TrackedPush;
  now: number;
  title: string;
  /** The heading's id, which names the row. */
  id: string;
  serverName?: string;
}

/** The whole name, wrapped rather than cut (issue 37: people search by it), then when it was made. */
function Name({ push, now, title, id, serverName }: NameProps) {
  return (
    <div class="push-name">
      <h3 id={id} class="push-title" title={title}>
        {title}
      </h3>
      <span class="push-sub">
        {t('dash_createdAt', shortTime(push.created_at, now, uiLocale(), { withDay: true }))}
        {serverName && (
          <>
            {' · '}
            <span class="push-server">{serverName}</span>
          </>
        )}
      </span>
    </div>
  );
}

/**
 * One tracked push as a compact row: name, state, views left, time left and Copy link; "Details" opens the
 * rest (preview, open, audit log, expire) under it, once that part has loaded (parts.ts). Memoized: a
 * keystroke in Search re-renders no row.
 */
export const PushItem = memo(function PushItem({ push, now, actions, ...props }: PushItemProps) {
  const [expanded, setExpanded] = useState(false);
  const article = useFocused(props.focused, () => setExpanded(true));
  const title = pushLabel(push);
  const state = pushState(push, now);
  const active = state === 'active';
  const titleId = `title-${push.url_token}`;
  const detailsId = `details-${push.url_token}`;
  return (
    <article
      ref={article}
      tabIndex={props.tabStop ? 0 : -1}
      class={`push ${active ? 'active' : 'expired'} ${expanded ? 'open' : ''}`}
      aria-labelledby={titleId}
      aria-current={props.focused ? 'location' : undefined}
    >
      <div class="push-row">
        <input
          type="checkbox"
          checked={props.selected}
          aria-label={t('dash_select', title)}
          tabIndex={-1}
          onChange={(e) => actions.select(push.url_token, e.currentTarget.checked)}
        />
        <Name push={push} now={now} title={title} id={titleId} serverName={props.serverName} />
        {/* Its state and whether it was opened share one column, capped and wrapping: the name gets the room. */}
        <span class="push-status">
          <span class={`badge state-${active ? 'active' : 'expired'}`}>{stateWords(state)}</span>{' '}
          <Opened push={push} now={now} />
        </span>
        <Views push={push} />
        <TimeLeft push={push} now={now} active={active} />
        {active && (
          <CopyButton
            onCopy={() => actions.copyLink(push)}
            label={t('dash_copyLinkOf', title)}
            copiedText={t('dash_linkCopied', title)}
          />
        )}
        <button
          type="button"
          class="details-toggle"
          // Read with its push ("Details: Onboarding: Sam"); the visible word stays short.
          aria-label={t('dash_detailsOf', title)}
          tabIndex={-1}
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() => (expanded ? setExpanded(false) : whenLoaded(PUSH_DETAILS, () => setExpanded(true)))}
        >
          <MoreIcon /> {t('dash_details')}
        </button>
      </div>
      {expanded && (
        <Part
          of={PUSH_DETAILS}
          id={detailsId}
          push={push}
          title={title}
          now={now}
          active={active}
          hasToken={props.hasToken}
          audit={props.audit}
          onToggleAudit={props.canAudit ? () => actions.toggleAudit(push.url_token, push.server) : undefined}
          onOpen={() => actions.open(push)}
          onExpire={() => actions.expire(push)}
          renderQr={props.renderQr}
        />
      )}
    </article>
  );
});
