import type { ConnectionReport } from '@/lib/connection/check';

export type SettingsStatus =
  | { kind: 'idle' }
  | { kind: 'busy'; message: string }
  | { kind: 'done'; message: string; report?: ConnectionReport }
  | { kind: 'error'; message: string };

const EDITION_LABEL = { pro: 'Pro edition', oss: 'Open-source edition' } as const;

/** One line per fact of a connection test: server, edition and version, token. */
export function ConnectionFacts({ report }: { report: ConnectionReport }) {
  return (
    <ul class="facts">
      <li>Server: {new URL(report.baseUrl).host}</li>
      <li>
        Edition: {EDITION_LABEL[report.edition]}, version {report.applicationVersion} (API {report.apiVersion}
        )
      </li>
      <li>{report.token === 'accepted' ? 'Token accepted' : 'No token: anonymous pushes only'}</li>
    </ul>
  );
}

/** The outcome of the last Save or Test connection: progress, success with facts, or what went wrong. */
export function ConnectionStatus({ status }: { status: SettingsStatus }) {
  if (status.kind === 'idle') return <div role="status" class="status" />;
  if (status.kind === 'error')
    return (
      <div role="alert" class="status status-error">
        {status.message}
      </div>
    );
  return (
    <div role="status" class={status.kind === 'busy' ? 'status' : 'status status-ok'}>
      <p>{status.message}</p>
      {status.kind === 'done' && status.report && <ConnectionFacts report={status.report} />}
    </div>
  );
}
