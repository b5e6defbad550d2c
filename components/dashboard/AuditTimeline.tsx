import type { AuditEntry } from '@/lib/api';
import { userAgentName } from '@/lib/watch/view';
import { t } from '@/lib/i18n';
import { auditKindWords, formatTime } from './format';

export type AuditState =
  | { state: 'hidden' }
  | { state: 'loading' }
  | { state: 'shown'; entries: AuditEntry[] }
  | { state: 'failed'; message: string };

export interface AuditTimelineProps {
  title: string;
  audit: AuditState;
}

const dash = (value: string | null) => value || '—';

/** One push's audit log, oldest first: time, event, IP, user agent, referrer. */
export function AuditTimeline({ title, audit }: AuditTimelineProps) {
  if (audit.state === 'hidden') return null;
  if (audit.state === 'loading') return <p class="hint">{t('dash_auditLoading')}</p>;
  if (audit.state === 'failed')
    return (
      <p role="alert" class="error">
        {t('dash_auditFailed', audit.message)}
      </p>
    );
  if (audit.entries.length === 0) return <p class="hint">{t('dash_auditEmpty')}</p>;
  const entries = [...audit.entries].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return (
    <div class="table-wrap">
      <table class="audit">
        <caption>{t('dash_auditCaption', title)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dash_auditTime')}</th>
            <th scope="col">{t('dash_auditEvent')}</th>
            <th scope="col">{t('dash_auditIp')}</th>
            <th scope="col">{t('dash_auditUserAgent')}</th>
            <th scope="col">{t('dash_auditReferrer')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <tr key={`${entry.created_at}-${index}`}>
              <td>
                <time dateTime={entry.created_at}>{formatTime(entry.created_at)}</time>
              </td>
              <td>{auditKindWords(entry.kind)}</td>
              <td>{dash(entry.ip)}</td>
              <td class="ua" title={entry.user_agent ?? undefined}>
                {entry.user_agent ? userAgentName(entry.user_agent) : dash(entry.user_agent)}
              </td>
              <td>{dash(entry.referrer)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
