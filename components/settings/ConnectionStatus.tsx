import type { ConnectionReport } from '@/lib/connection';
import { t } from '@/lib/i18n';

export type SettingsStatus =
  | { kind: 'idle' }
  | { kind: 'busy'; message: string }
  /** `row`: the saved server whose row shows the outcome (Connect folds the form into it). */
  | { kind: 'done'; message: string; report?: ConnectionReport; row?: string }
  | { kind: 'error'; message: string };

const EDITION_KEY = { pro: 'settings_editionPro', oss: 'settings_editionOss' } as const;

/** One line per fact of a connection test: server, edition and version, token. */
export function ConnectionFacts({ report }: { report: ConnectionReport }) {
  return (
    <ul class="facts">
      <li>{t('settings_factServer', new URL(report.baseUrl).host)}</li>
      <li>
        {t(
          'settings_factEdition',
          t(EDITION_KEY[report.edition]),
          report.applicationVersion,
          String(report.apiVersion),
        )}
      </li>
      <li>{t(report.token === 'accepted' ? 'settings_factTokenAccepted' : 'settings_factNoToken')}</li>
    </ul>
  );
}

/**
 * The outcome of the last Save or Test connection: progress, success with facts, or what went wrong. Shown,
 * not a status region: the page's live region says progress and success once (useFormStatus).
 */
export function ConnectionStatus({ status }: { status: SettingsStatus }) {
  if (status.kind === 'idle') return <div class="status" />;
  if (status.kind === 'error')
    return (
      <div role="alert" class="status status-error">
        {status.message}
      </div>
    );
  return (
    <div class={status.kind === 'busy' ? 'status' : 'status status-ok'}>
      <p>{status.message}</p>
      {status.kind === 'done' && status.report && <ConnectionFacts report={status.report} />}
    </div>
  );
}
