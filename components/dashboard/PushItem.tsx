import { pushState, STATE_WORDS } from '@/lib/watch/state';
import { pushLabel } from '@/lib/watch/label';
import type { TrackedPush } from '@/lib/watch/types';
import { AuditTimeline, type AuditState } from './AuditTimeline';
import { UI_LOCALE } from '@/lib/format/locale';
import { viewsLeft } from '@/lib/format/views';
import { formatCountdown, formatTime } from './format';
import { QrToggle } from './QrToggle';

export interface PushItemProps {
  push: TrackedPush;
  now: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  audit: AuditState;
  /** Absent when the audit log cannot be read (no token, or a push created without one). */
  onToggleAudit?: () => void;
  onCopyLink: () => void;
  onOpen: () => void;
  /** Asks for confirmation first (the container shows the dialog). */
  onExpire: () => void;
  renderQr: (text: string) => Promise<string>;
  /** Whether an API token is set: a push created here is counted from the next refresh only with one. */
  hasToken: boolean;
}

const KIND_WORDS: Record<NonNullable<TrackedPush['kind']>, string> = {
  text: 'Text',
  url: 'URL',
  qr: 'QR',
  file: 'File',
};

function Views({ push, hasToken }: { push: TrackedPush; hasToken: boolean }) {
  if (push.source === 'local')
    return (
      <p class="hint">
        Up to {push.expire_after_views} views.{' '}
        {!hasToken
          ? 'Counting views needs an API token: tracked by time only.'
          : push.audit_denied
            ? 'It was created without a token, so the server does not show its views: tracked by time only.'
            : 'Views are counted from the next refresh.'}
      </p>
    );
  const id = `views-${push.url_token}`;
  return (
    <p class="views">
      <span id={id}>{viewsLeft(push.views_remaining, push.expire_after_views, UI_LOCALE)}</span>
      <progress value={push.views_remaining} max={push.expire_after_views} aria-labelledby={id} />
    </p>
  );
}

function TimeLeft({ push, now, active }: { push: TrackedPush; now: number; active: boolean }) {
  if (!active)
    return push.expired_on ? (
      <p class="hint">
        Expired on <time dateTime={push.expired_on}>{formatTime(push.expired_on)}</time>
      </p>
    ) : null;
  const left = formatCountdown(push.expires_at, now);
  if (left === null) return <p class="hint">No time limit known</p>;
  return (
    <p>
      {/* No live region: a change every second would drown out everything else for screen readers. */}
      Time left: <time dateTime={push.expires_at ?? undefined}>{left}</time>
    </p>
  );
}

/** One tracked push: what it is, how much of it is left, and what can be done with it. */
export function PushItem(props: PushItemProps) {
  const { push, now, selected, audit } = props;
  const title = pushLabel(push);
  const state = pushState(push, now);
  const active = state === 'active';
  const titleId = `title-${push.url_token}`;
  const auditShown = audit.state !== 'hidden';
  return (
    <li>
      <article class={`push ${active ? 'active' : 'expired'}`} aria-labelledby={titleId}>
        <header class="push-head">
          <input
            type="checkbox"
            checked={selected}
            aria-label={`Select ${title}`}
            onChange={(e) => props.onSelect(e.currentTarget.checked)}
          />
          <h2 id={titleId}>{title}</h2>
          <span class={`badge state-${active ? 'active' : 'expired'}`}>{STATE_WORDS[state]}</span>
        </header>
        {push.note && <p class="note">{push.note}</p>}
        <ul class="facts" aria-label="Details">
          {push.kind && <li>{KIND_WORDS[push.kind]}</li>}
          {push.has_passphrase && <li>Passphrase</li>}
          {push.retrieval_step && <li>Retrieval step</li>}
          <li>
            Created <time dateTime={push.created_at}>{formatTime(push.created_at)}</time>
          </li>
        </ul>
        <Views push={push} hasToken={props.hasToken} />
        <TimeLeft push={push} now={now} active={active} />
        <div class="row">
          <button type="button" onClick={props.onCopyLink}>
            Copy link
          </button>
          <button type="button" onClick={props.onOpen}>
            Open
          </button>
          {props.onToggleAudit && (
            <button type="button" aria-expanded={auditShown} onClick={props.onToggleAudit}>
              {auditShown ? 'Hide audit log' : 'Audit log'}
            </button>
          )}
          {active && (
            <button type="button" class="danger" onClick={props.onExpire}>
              Expire
            </button>
          )}
          <QrToggle url={push.html_url} title={title} renderQr={props.renderQr} />
        </div>
        <AuditTimeline title={title} audit={audit} />
      </article>
    </li>
  );
}
