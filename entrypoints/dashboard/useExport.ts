/** The export buttons: the shown list at once, or its audit logs read one after another first. */
import { useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import type { ExportFormat, ExportWhat } from '@/components/dashboard/ExportMenu';
import { describeError } from '@/lib/api/describe';
import { t } from '@/lib/i18n';
import type { TrackedPush } from '@/lib/watch/types';
import type { ExportState } from './export-run';

export interface Export extends ExportState {
  onExport: (what: ExportWhat, format: ExportFormat) => void;
  /** How many the exports hold while the filters narrow the list ("Export 31 shown"); absent otherwise. */
  shown?: number;
}

/**
 * `shown` is what the filters show, of `total` pushes; only the pushes `canAudit` accepts have an audit log
 * to export.
 */
export function useExport(
  shown: TrackedPush[],
  total: number,
  canAudit: (push: TrackedPush) => boolean,
): Export {
  const [state, setShown] = useState<ExportState>({ busy: false });
  // Its result ("Saved secret-push-pushes-….csv", or why not) is said once through the page's live region;
  // the progress in between only shows, or it would be said at every audit log read.
  const setState = (next: ExportState) => {
    setShown(next);
    if (!next.busy && next.status) announce(next.status);
  };
  // The first export waits the few ms its chunk takes to load; a chunk that fails to load says so.
  const onExport = (what: ExportWhat, format: ExportFormat) => {
    import('./export-run').then(
      ({ runExport }) => runExport(what, format, shown, canAudit, setState),
      (error: unknown) => setState({ busy: false, status: t('export_failed', describeError(error)) }),
    );
  };
  return { ...state, onExport, ...(shown.length < total ? { shown: shown.length } : {}) };
}
