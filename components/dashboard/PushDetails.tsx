import { useState } from 'preact/hooks';
import { ExternalLinkIcon } from '@/components/icons/ExternalLink';
import { QrIcon } from '@/components/icons/Qr';
import { TrashIcon } from '@/components/icons/Trash';
import type { TrackedPush } from '@/lib/watch/types';
import { AuditTimeline, type AuditState } from './AuditTimeline';
import { PreviewPanel } from './PreviewPanel';
import { When } from './When';

export interface PushDetailsProps {
  id: string;
  push: TrackedPush;
  title: string;
  now: number;
  active: boolean;
  hasToken: boolean;
  audit: AuditState;
  /** Absent when the audit log cannot be read (no token, or a push created without one). */
  onToggleAudit?: () => void;
  /** Asks first (the container shows what opening costs). */
  onOpen: () => void;
  /** Asks for confirmation first (the container shows the dialog). */
  onExpire: () => void;
  renderQr: (text: string) => Promise<string>;
}

const KIND_WORDS: Record<NonNullable<TrackedPush['kind']>, string> = {
  text: 'Text',
  url: 'URL',
  qr: 'QR',
  file: 'File',
};

/** Why a push tracked by time only shows no views. */
function timeOnlyReason(push: TrackedPush, hasToken: boolean): string {
  if (!hasToken) return 'Counting views needs an API token: tracked by time only.';
  if (push.audit_denied)
    return 'It was created without a token, so the server does not show its views: tracked by time only.';
  return 'Views are counted from the next refresh.';
}

function Facts({ push, now }: { push: TrackedPush; now: number }) {
  return (
    <ul class="facts" aria-label="Details">
      {push.kind && <li>{KIND_WORDS[push.kind]}</li>}
      {push.has_passphrase && <li>Passphrase</li>}
      {push.retrieval_step && <li>Retrieval step</li>}
      <li>
        Created <When at={push.created_at} now={now} />
      </li>
      {push.source === 'local' && <li>Up to {push.expire_after_views} views</li>}
    </ul>
  );
}

/** The expanded part of a push's row: its facts and note, then preview, open, audit log and expire. */
export function PushDetails(props: PushDetailsProps) {
  const { push, title, active, audit } = props;
  const [preview, setPreview] = useState(false);
  const previewId = `${props.id}-preview`;
  const auditShown = audit.state !== 'hidden';
  return (
    <div class="push-details" id={props.id}>
      <Facts push={push} now={props.now} />
      {push.note && <p class="note">{push.note}</p>}
      {push.source === 'local' && <p class="hint">{timeOnlyReason(push, props.hasToken)}</p>}
      <div class="row">
        {active && (
          <button
            type="button"
            aria-expanded={preview}
            aria-controls={previewId}
            onClick={() => setPreview(!preview)}
          >
            <QrIcon /> {preview ? 'Hide preview' : 'Preview'}
          </button>
        )}
        {active && (
          <button type="button" onClick={props.onOpen}>
            <ExternalLinkIcon /> Open page…
          </button>
        )}
        {props.onToggleAudit && (
          <button type="button" aria-expanded={auditShown} onClick={props.onToggleAudit}>
            {auditShown ? 'Hide audit log' : 'Audit log'}
          </button>
        )}
        {active && (
          <button type="button" class="danger" onClick={props.onExpire}>
            <TrashIcon /> Expire
          </button>
        )}
      </div>
      {active && preview && (
        <PreviewPanel id={previewId} url={push.html_url} title={title} renderQr={props.renderQr} />
      )}
      <AuditTimeline title={title} audit={audit} />
    </div>
  );
}
