import { LIVE_LINKS_WARNING } from '@/lib/export/warning';

export type ExportWhat = 'pushes' | 'audit';
export type ExportFormat = 'csv' | 'json';

export interface ExportBarProps {
  /** Audit logs need an API token; without one only the list is offered. */
  auditAvailable: boolean;
  busy: boolean;
  /** Progress or failure in words. */
  status?: string | null;
  onExport: (what: ExportWhat, format: ExportFormat) => void;
}

/** Downloads of the shown list and of its audit logs, with the warning that they hold live links. */
export function ExportBar({ auditAvailable, busy, status, onExport }: ExportBarProps) {
  return (
    <div class="export row" role="group" aria-label="Export">
      <button type="button" disabled={busy} onClick={() => onExport('pushes', 'csv')}>
        Export list (CSV)
      </button>
      <button type="button" disabled={busy} onClick={() => onExport('pushes', 'json')}>
        Export list (JSON)
      </button>
      {auditAvailable && (
        <>
          <button type="button" disabled={busy} onClick={() => onExport('audit', 'csv')}>
            Export audit logs (CSV)
          </button>
          <button type="button" disabled={busy} onClick={() => onExport('audit', 'json')}>
            Export audit logs (JSON)
          </button>
        </>
      )}
      <span role="status" class="hint">
        {status ?? ''}
      </span>
      <p class="hint export-warning">{LIVE_LINKS_WARNING}</p>
    </div>
  );
}
