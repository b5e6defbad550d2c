import { useState } from 'preact/hooks';
import { ExternalLinkIcon, QrIcon, TrashIcon } from '@/components/icons';
import { plural, t, type MessageKey } from '@/lib/i18n';
import type { TrackedPush } from '@/lib/watch/types';
import { Placed, PLACE } from '@/components/Placed';
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

const KIND_WORDS: Record<NonNullable<TrackedPush['kind']>, MessageKey> = {
  text: 'dash_kindText',
  url: 'dash_kindUrl',
  qr: 'dash_kindQr',
  file: 'dash_kindFile',
};

/** Why a push tracked by time only shows no views. */
function timeOnlyReason(push: TrackedPush, hasToken: boolean): string {
  if (!hasToken) return t('dash_timeOnlyNoToken');
  if (push.audit_denied) return t('dash_timeOnlyAuditDenied');
  return t('dash_timeOnlyNextRefresh');
}

function Facts({ push, now }: { push: TrackedPush; now: number }) {
  return (
    <ul class="facts" aria-label={t('dash_details')}>
      {push.kind && <li>{t(KIND_WORDS[push.kind])}</li>}
      {push.has_passphrase && <li>{t('dash_factPassphrase')}</li>}
      {push.retrieval_step && <li>{t('dash_factRetrievalStep')}</li>}
      <li>
        <Placed text={t('dash_factCreated', PLACE)}>
          <When at={push.created_at} now={now} past />
        </Placed>
      </li>
      {push.source === 'local' && <li>{plural('dash_upToViews', push.expire_after_views)}</li>}
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
            <QrIcon /> {preview ? t('dash_hidePreview') : t('dash_preview')}
          </button>
        )}
        {active && (
          <button type="button" onClick={props.onOpen}>
            <ExternalLinkIcon /> {t('dash_openPageAsk')}
          </button>
        )}
        {props.onToggleAudit && (
          <button type="button" aria-expanded={auditShown} onClick={props.onToggleAudit}>
            {auditShown ? t('dash_auditHide') : t('dash_auditShow')}
          </button>
        )}
        {active && (
          <button type="button" class="danger" onClick={props.onExpire}>
            <TrashIcon /> {t('dash_expire')}
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
