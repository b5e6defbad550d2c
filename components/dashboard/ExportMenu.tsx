import { useRef, useState } from 'preact/hooks';
import { liveLinksWarning } from '@/lib/export/warning';
import { plural, t, type MessageKey } from '@/lib/i18n';

export type ExportWhat = 'pushes' | 'audit';
export type ExportFormat = 'csv' | 'json';

export interface ExportMenuProps {
  /** Audit logs need an API token; without one only the list is offered. */
  auditAvailable: boolean;
  busy: boolean;
  /** Progress, the saved file or the failure in words (the container says the results aloud). */
  status?: string | null;
  /**
   * How many pushes the filters show, while they narrow the list: the exports hold those only, and the
   * button says so ("Export 31 shown"). Absent when every push is shown.
   */
  shown?: number;
  onExport: (what: ExportWhat, format: ExportFormat) => void;
}

const CHOICES: Array<[ExportWhat, ExportFormat, MessageKey]> = [
  ['pushes', 'csv', 'export_listCsv'],
  ['pushes', 'json', 'export_listJson'],
  ['audit', 'csv', 'export_auditCsv'],
  ['audit', 'json', 'export_auditJson'],
];

/**
 * One "Export" button in the toolbar that opens the formats (the shown list, its audit logs) with the
 * warning that the files hold live links; progress and the saved file's name are said next to it. While the
 * filters narrow the list it says how many it exports: "Export 31 shown" (issue 37).
 */
export function ExportMenu({ auditAvailable, busy, status, shown, onExport }: ExportMenuProps) {
  const label = shown === undefined ? t('export_button') : plural('export_buttonShown', shown);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // The choices close with the button that was pressed or focused in them: focus goes back to Export, never
  // to the page's body.
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const choose = (what: ExportWhat, format: ExportFormat) => {
    close();
    onExport(what, format);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };
  return (
    <div class="export" role="group" aria-label={t('export_button')} onKeyDown={onKeyDown}>
      {/* Plain text: the result is said once through the page's live region (useExport), not by this line. */}
      <span class="hint export-status">{status ?? ''}</span>
      <button
        type="button"
        ref={toggle}
        aria-label={label}
        aria-expanded={open}
        aria-controls="export-choices"
        // Not `disabled`: focus is on it while an export it started runs, and a disabled button drops it.
        aria-disabled={busy}
        onClick={() => !busy && setOpen(!open)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div class="popover" id="export-choices">
          {CHOICES.filter(([what]) => auditAvailable || what === 'pushes').map(([what, format, label]) => (
            <button key={label} type="button" onClick={() => choose(what, format)}>
              {t(label)}
            </button>
          ))}
          <p class="hint export-warning">{liveLinksWarning()}</p>
        </div>
      )}
    </div>
  );
}
