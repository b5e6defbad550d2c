import type { TrackedPush } from '@/lib/watch/types';
import type { AuditState } from './AuditTimeline';
import { PushItem } from './PushItem';

/** What can be done with one push; the container decides how. */
export interface PushActions {
  select: (token: string, on: boolean) => void;
  toggleAudit: (token: string) => void;
  copyLink: (push: TrackedPush) => void;
  open: (push: TrackedPush) => void;
  expire: (push: TrackedPush) => void;
}

export interface PushListProps {
  /** Every tracked push (null while loading), to tell "none yet" from "none match". */
  pushes: TrackedPush[] | null;
  shown: TrackedPush[];
  now: number;
  selected: ReadonlySet<string>;
  audits: Record<string, AuditState>;
  /** Whether a push has an audit log to show (a token, and a push the server counts). */
  canAudit: (push: TrackedPush) => boolean;
  hasToken: boolean;
  renderQr: (text: string) => Promise<string>;
  actions: PushActions;
}

const HIDDEN: AuditState = { state: 'hidden' };

/** The pushes the filters show, or why there are none. */
export function PushList({ pushes, shown, actions, ...props }: PushListProps) {
  if (pushes === null) return <p class="hint">Loading…</p>;
  if (shown.length === 0)
    return (
      <p class="hint">
        {pushes.length === 0 ? 'No pushes sent from this browser yet.' : 'No push matches the filters.'}
      </p>
    );
  return (
    <ul class="pushes" aria-label="Pushes">
      {shown.map((push) => (
        <PushItem
          key={push.url_token}
          push={push}
          now={props.now}
          selected={props.selected.has(push.url_token)}
          onSelect={(on) => actions.select(push.url_token, on)}
          audit={props.audits[push.url_token] ?? HIDDEN}
          onToggleAudit={props.canAudit(push) ? () => actions.toggleAudit(push.url_token) : undefined}
          onCopyLink={() => actions.copyLink(push)}
          onOpen={() => actions.open(push)}
          onExpire={() => actions.expire(push)}
          renderQr={props.renderQr}
          hasToken={props.hasToken}
        />
      ))}
    </ul>
  );
}
