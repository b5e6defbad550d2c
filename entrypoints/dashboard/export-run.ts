/** An export's work, loaded on the first export (the builders are not needed to paint the first screen). */
import type { ExportFormat, ExportWhat } from '@/components/dashboard/ExportMenu';
import { describeError } from '@/lib/api/describe';
import { t } from '@/lib/i18n';
import { auditCsv, auditJson, exportFileName, pushesCsv, pushesJson } from '@/lib/export';
import type { TrackedPush } from '@/lib/watch/types';
import { downloadText, fetchAudits } from './files';

export interface ExportState {
  busy: boolean;
  status?: string;
}

/** Exports `what` of `shown` as `format`, telling `setState` how it goes (the audit logs are read first). */
export function runExport(
  what: ExportWhat,
  format: ExportFormat,
  shown: TrackedPush[],
  canAudit: (push: TrackedPush) => boolean,
  setState: (state: ExportState) => void,
): void {
  const at = Date.now();
  const fileName = exportFileName(what, format, at);
  if (what === 'pushes') {
    downloadText(format === 'csv' ? pushesCsv(shown, at) : pushesJson(shown, at), fileName, format);
    setState({ busy: false, status: t('export_saved', fileName) });
    return;
  }
  setState({ busy: true, status: t('export_reading') });
  fetchAudits(shown.filter(canAudit), (done, total) =>
    setState({ busy: true, status: t('export_readingProgress', done, total) }),
  ).then(
    (list) => {
      downloadText(format === 'csv' ? auditCsv(list) : auditJson(list, at), fileName, format);
      setState({ busy: false, status: t('export_saved', fileName) });
    },
    (error: unknown) => setState({ busy: false, status: t('export_failed', describeError(error)) }),
  );
}
